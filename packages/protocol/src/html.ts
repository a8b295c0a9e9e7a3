/**
 * The HTML a text message or a group notice may carry (PROTOCOL §4.3), defined once: the server
 * stores only this (sanitize-html, apps/server messages/sanitize.ts) and the web renders only
 * this (DOMPurify, apps/web lib/sanitize-html.ts).
 */

/** Tags kept without any attribute; any other tag is dropped and its text kept. */
export const htmlPlainTags = ['br', 'p', 'div', 'span', 'b', 'strong', 'i', 'em', 'u', 's', 'h4', 'ul', 'ol', 'li'];
/** Every tag kept: `a` keeps only `href`, `img` only `src`. */
export const htmlTags = [...htmlPlainTags, 'a', 'img'];
/** Schemes an `a href` may use; any other address is blanked. */
export const htmlLinkSchemes = ['http', 'https', 'mailto', 'tel'];
/** An `img src` must be a path into this server's files; any other picture is dropped. */
export const htmlImagePaths = ['/static/', '/storage/'];

export function isHtmlLink(href: string): boolean {
  const h = href.trim().toLowerCase();
  return htmlLinkSchemes.some((s) => h.startsWith(`${s}:`));
}
