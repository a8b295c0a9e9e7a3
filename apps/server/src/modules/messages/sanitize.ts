import sanitizeHtml from 'sanitize-html';
import { htmlImagePaths, htmlLinkSchemes, htmlTags, isHtmlLink } from '@parley/protocol';

/**
 * Text sanitising of PROTOCOL §4.3, shared by text messages and group notices. The allow-list
 * is the one Parley's web client renders through, so what is stored is what is shown.
 */

const URL_RE = /\bhttps?:\/\/[^\s<>"']+/gi;

export interface SanitizedText {
  html: string;
  /** Characters of the tag-free, entity-decoded text; an inline image counts as one. */
  length: number;
}

/**
 * An `img` may only point into this server's `/static/` or `/storage/`; absolute URLs to one of
 * our own origins are stored as the path so they survive a change of public address.
 */
function ownPath(src: string, origins: string[]): string | null {
  let path = src.trim();
  for (const o of origins) {
    if (o && path.toLowerCase().startsWith(o.toLowerCase())) path = path.slice(o.length);
  }
  if (!htmlImagePaths.some((p) => path.startsWith(p))) return null;
  if (path.includes('..') || /[\s"'<>\\]/.test(path)) return null;
  return path;
}

function linkify(escaped: string): string {
  return escaped.replace(URL_RE, (url) => `<a href="${url}" target="_blank" rel="noopener noreferrer">${url}</a>`);
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}

/**
 * Text with no markup, no entity and no URL comes out of the parser unchanged (sanitize-html
 * only escapes `&`, `<` and `>` in text, and linkify only touches URLs), so most chat lines skip
 * the parser, which was 4 % of the send path (performance.md).
 */
const NEEDS_PARSER = /[<>&]|https?:\/\//i;

export function sanitizeText(input: string, origins: string[] = []): SanitizedText {
  if (!NEEDS_PARSER.test(input)) return { html: input, length: [...input].length };
  return parseAndSanitize(input, origins);
}

/** The full sanitiser; exported for the test that holds the shortcut above to it. */
export function parseAndSanitize(input: string, origins: string[] = []): SanitizedText {
  let images = 0;
  const html = sanitizeHtml(input, {
    allowedTags: htmlTags,
    allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src'] },
    allowedSchemes: htmlLinkSchemes,
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript'],
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
    transformTags: {
      a: (tagName, attribs) => {
        const raw = (attribs.href ?? '').trim();
        const href = isHtmlLink(raw) ? raw : '';
        const out: Record<string, string> = href ? { href, target: '_blank', rel: 'noopener noreferrer' } : {};
        return { tagName, attribs: out };
      },
      img: (tagName, attribs) => {
        const src = ownPath(attribs.src ?? '', origins);
        if (src) images += 1;
        const out: Record<string, string> = src ? { src } : {};
        return { tagName, attribs: out };
      },
    },
    textFilter: (text, tag) => (tag === 'a' ? text : linkify(text)),
  });
  const plain = decodeEntities(html.replace(/<[^>]*>/g, ''));
  return { html, length: [...plain].length + images };
}
