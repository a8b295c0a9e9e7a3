/**
 * A media URL taken from a page's query string, or null. Only http(s) and blob URLs may play:
 * the query is user-editable, and a `javascript:` source must never reach an element.
 */
export function safeMediaUrl(raw: string | null, base: string = window.location.href): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw, base);
    return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'blob:' ? url.href : null;
  } catch {
    return null;
  }
}
