import { htmlSanitizer } from '../../../lib/sanitize-html';
import { isAllowedLink } from './history';

/**
 * Output of the announcement editor before it is sent (spec §5): only the formatting the
 * toolbar can make survives; links keep http, https, mailto and tel addresses (anything else is
 * blanked to ""); image sources keep http, https and data (anything else becomes ""). The
 * server sanitises again with its own allow-list (PROTOCOL §4.3).
 */
const editorTags = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'a',
  'ol',
  'ul',
  'li',
  'img',
  'span',
];
const imageSchemes = /^(https?:|data:)/i;

export const sanitizeEditorHtml = htmlSanitizer({
  tags: editorTags,
  a: (el, href) => el.setAttribute('href', isAllowedLink(href) ? href.trim() : ''),
  img: (el, src) => el.setAttribute('src', imageSchemes.test(src.trim()) ? src.trim() : ''),
  keepUriAttrs: true,
});

/** An editor document with no text and no image counts as empty (`<p></p>`). */
export function isEmptyHtml(html: string): boolean {
  return (
    !/<img\b/i.test(html) &&
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() === ''
  );
}

/**
 * The wire keeps one heading level, `h4`, and no attributes (PROTOCOL §4.3), while the toolbar
 * offers H1–H3 (spec §1). The level is kept in the one thing the allow-list does keep, structure:
 * an H(n) is saved as an `h4` inside n−1 bare `div`s, and read back the same way, so a notice
 * keeps its levels through save, reload and edit, and other clients still see a heading.
 * Runs on sanitised HTML, whose tags carry no attributes.
 */
export function toWireHtml(html: string): string {
  return html
    .replace(/<h1>/g, '<h4>')
    .replace(/<\/h1>/g, '</h4>')
    .replace(/<h2>/g, '<div><h4>')
    .replace(/<\/h2>/g, '</h4></div>')
    .replace(/<h3>/g, '<div><div><h4>')
    .replace(/<\/h3>/g, '</h4></div></div>');
}

/** The inverse of toWireHtml; a bare `h4` (older notices, other clients) opens as H1. */
export function fromWireHtml(html: string): string {
  return html
    .replace(/<div>\s*<div>\s*<h4>([\s\S]*?)<\/h4>\s*<\/div>\s*<\/div>/gi, '<h3>$1</h3>')
    .replace(/<div>\s*<h4>([\s\S]*?)<\/h4>\s*<\/div>/gi, '<h2>$1</h2>')
    .replace(/<(\/?)h4>/gi, '<$1h1>');
}
