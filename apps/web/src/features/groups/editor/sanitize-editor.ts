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
 * The wire keeps one heading level, `h4` (PROTOCOL §4.3), while the toolbar offers H1–H3
 * (spec §1). Headings are therefore saved as `h4` and opened again as `h2`, so a notice keeps
 * its headings through save and edit instead of losing them to the server's allow-list.
 * Runs on sanitised HTML, whose headings carry no attributes.
 */
export function toWireHtml(html: string): string {
  return html.replace(/<(\/?)h[1-3]>/g, '<$1h4>');
}

export function fromWireHtml(html: string): string {
  return html.replace(/<(\/?)h4>/gi, '<$1h2>');
}
