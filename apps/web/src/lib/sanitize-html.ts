import DOMPurify from 'dompurify';
import { htmlImagePaths, htmlTags, isHtmlLink } from '@parley/protocol';

/**
 * HTML through DOMPurify with one hook: an element keeps at most `a href` or `img src`, which
 * the rules then check. Messages use the allow-list of PROTOCOL §4.3 (the protocol's html.ts,
 * which the server applies on the way in; this is defence in depth for old rows and other
 * servers); the notice editor has its own tags (groups/editor/sanitize-editor.ts).
 */
export interface HtmlRules {
  tags: readonly string[];
  /** Set the kept `href` / `src` (to "" when refused) and anything else the element needs. */
  a(el: Element, href: string): void;
  img(el: Element, src: string): void;
  /** DOMPurify drops a refused URI attribute entirely; keep it (as "") so the rule is visible. */
  keepUriAttrs?: boolean;
  uriPattern?: RegExp;
}

export function htmlSanitizer(rules: HtmlRules): (html: string) => string {
  let purifier: ReturnType<typeof DOMPurify> | null = null;
  const get = (): ReturnType<typeof DOMPurify> => {
    const p = DOMPurify(window);
    p.addHook('afterSanitizeAttributes', (node) => {
      const el = node as Element;
      const tag = el.tagName.toLowerCase();
      const keep = tag === 'a' ? 'href' : tag === 'img' ? 'src' : null;
      for (const attr of Array.from(el.attributes)) if (attr.name !== keep) el.removeAttribute(attr.name);
      if (tag === 'a') rules.a(el, el.getAttribute('href') ?? '');
      if (tag === 'img') rules.img(el, el.getAttribute('src') ?? '');
    });
    if (rules.keepUriAttrs) {
      p.addHook('uponSanitizeAttribute', (_node, data) => {
        if (data.attrName === 'href' || data.attrName === 'src') data.forceKeepAttr = true;
      });
    }
    return p;
  };
  return (html) =>
    (purifier ??= get()).sanitize(html, {
      ALLOWED_TAGS: [...rules.tags],
      ALLOWED_ATTR: ['href', 'src'],
      ALLOW_DATA_ATTR: false,
      KEEP_CONTENT: true,
      FORBID_CONTENTS: ['script', 'style', 'template', 'noscript', 'iframe', 'object', 'svg', 'math'],
      ...(rules.uriPattern ? { ALLOWED_URI_REGEXP: rules.uriPattern } : {}),
    });
}

/** Links open in a new tab with noopener; pictures only from this origin's /static/ or /storage/. */
function messageRules(origin: string): HtmlRules {
  const ownImage = (src: string): boolean => {
    try {
      const url = new URL(src, origin);
      return url.origin === origin && htmlImagePaths.some((p) => url.pathname.startsWith(p));
    } catch {
      return false;
    }
  };
  return {
    tags: htmlTags,
    a(el, href) {
      if (!isHtmlLink(href)) el.setAttribute('href', '');
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', 'noopener noreferrer');
    },
    img(el, src) {
      el.setAttribute('src', ownImage(src) ? src : '');
      el.setAttribute('alt', '');
    },
    uriPattern: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  };
}

let message: { origin: string; sanitize: (html: string) => string } | null = null;

export function sanitizeMessageHtml(html: string, origin: string = window.location.origin): string {
  if (message?.origin !== origin) message = { origin, sanitize: htmlSanitizer(messageRules(origin)) };
  return message.sanitize(html);
}
