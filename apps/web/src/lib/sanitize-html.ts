import DOMPurify from 'dompurify';

/**
 * The allow-list of PROTOCOL §4.3 for rendering message HTML (the server applies the same on
 * the way in; this is defence in depth for old rows and other servers):
 * - `a` with `href` only, schemes http/https/mailto/tel (else the address is blanked), opened in
 *   a new tab with noopener;
 * - `img` with `src` only, pointing to /static/… or /storage/… of this origin (else emptied);
 * - `br p div span b strong i em u s h4 ul ol li` without attributes; everything else is
 *   removed with its text kept; script/style content dropped.
 */
export const allowedTags = ['a', 'img', 'br', 'p', 'div', 'span', 'b', 'strong', 'i', 'em', 'u', 's', 'h4', 'ul', 'ol', 'li'];
const linkSchemes = /^(https?:|mailto:|tel:)/i;

function allowedImage(src: string, origin: string): boolean {
  try {
    const url = new URL(src, origin);
    return url.origin === origin && /^\/(static|storage)\//.test(url.pathname);
  } catch {
    return false;
  }
}

let purifier: ReturnType<typeof DOMPurify> | null = null;
let purifierOrigin = '';

function get(origin: string): ReturnType<typeof DOMPurify> {
  if (purifier && purifierOrigin === origin) return purifier;
  const p = DOMPurify(window);
  p.addHook('afterSanitizeAttributes', (node) => {
    const el = node as Element;
    const tag = el.tagName.toLowerCase();
    const keep = tag === 'a' ? 'href' : tag === 'img' ? 'src' : null;
    for (const attr of Array.from(el.attributes)) if (attr.name !== keep) el.removeAttribute(attr.name);
    if (tag === 'a') {
      const href = el.getAttribute('href') ?? '';
      if (!linkSchemes.test(href.trim())) el.setAttribute('href', '');
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', 'noopener noreferrer');
    }
    if (tag === 'img') {
      const src = el.getAttribute('src') ?? '';
      el.setAttribute('src', allowedImage(src, origin) ? src : '');
      el.setAttribute('alt', '');
    }
  });
  purifier = p;
  purifierOrigin = origin;
  return p;
}

export function sanitizeMessageHtml(html: string, origin: string = window.location.origin): string {
  return get(origin).sanitize(html, {
    ALLOWED_TAGS: allowedTags,
    ALLOWED_ATTR: ['href', 'src'],
    ALLOW_DATA_ATTR: false,
    KEEP_CONTENT: true,
    FORBID_CONTENTS: ['script', 'style', 'template', 'noscript', 'iframe', 'object', 'svg', 'math'],
    ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  });
}
