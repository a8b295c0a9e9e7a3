import DOMPurify from 'dompurify';

/**
 * Output of the announcement editor before it is sent (spec §5): only the formatting the
 * toolbar can make survives; links keep http, https, mailto and tel addresses (anything else is
 * blanked to ""); image sources keep http, https and data (anything else becomes ""). The
 * server sanitises again with its own allow-list (PROTOCOL §4.3).
 */
export const editorTags = ['p', 'br', 'h1', 'h2', 'h3', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ol', 'ul', 'li', 'img', 'span'];
const linkSchemes = /^(https?:|mailto:|tel:)/i;
const imageSchemes = /^(https?:|data:)/i;

let purifier: ReturnType<typeof DOMPurify> | null = null;

function get(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  p.addHook('afterSanitizeAttributes', (node) => {
    const el = node as Element;
    const tag = el.tagName.toLowerCase();
    const keep = tag === 'a' ? 'href' : tag === 'img' ? 'src' : null;
    for (const attr of Array.from(el.attributes)) if (attr.name !== keep) el.removeAttribute(attr.name);
    if (tag === 'a') {
      const href = (el.getAttribute('href') ?? '').trim();
      el.setAttribute('href', linkSchemes.test(href) ? href : '');
    }
    if (tag === 'img') {
      const src = (el.getAttribute('src') ?? '').trim();
      el.setAttribute('src', imageSchemes.test(src) ? src : '');
    }
  });
  // DOMPurify drops a disallowed URI attribute entirely; keep it (as "") so the rule is visible.
  p.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'href' || data.attrName === 'src') data.forceKeepAttr = true;
  });
  purifier = p;
  return p;
}

export function sanitizeEditorHtml(html: string): string {
  return get().sanitize(html, {
    ALLOWED_TAGS: editorTags,
    ALLOWED_ATTR: ['href', 'src'],
    ALLOW_DATA_ATTR: false,
    KEEP_CONTENT: true,
    FORBID_CONTENTS: ['script', 'style', 'template', 'noscript', 'iframe', 'object', 'svg', 'math'],
  });
}

/** An editor document with no text and no image counts as empty (`<p></p>`). */
export function isEmptyHtml(html: string): boolean {
  return !/<img\b/i.test(html) && html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() === '';
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
