/**
 * Normalises an API path for matching (PROTOCOL §1.1): case-insensitive per segment, leading
 * `/` optional, trailing `/` or `.html` ignored, repeated slashes collapsed, query dropped.
 */
export function normalizeApiPath(raw: string): string {
  const q = raw.indexOf('?');
  let p = (q >= 0 ? raw.slice(0, q) : raw).toLowerCase();
  p = p.replace(/\/{2,}/g, '/');
  if (!p.startsWith('/')) p = `/${p}`;
  while (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  if (p.endsWith('.html')) p = p.slice(0, -'.html'.length);
  while (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p;
}

const API_MODULES = new Set(['common', 'enterprise', 'manage']);

/** True for `/common|enterprise|manage/...` in any case: such paths always answer an envelope. */
export function isApiPath(normalized: string): boolean {
  const first = normalized.split('/')[1] ?? '';
  return API_MODULES.has(first);
}

/**
 * The rest of `raw` after `prefix` (a normalised path), case kept and URL-decoded: `''` for the
 * prefix itself, undefined when `raw` is not under it. QR codes are signed, so case matters.
 */
export function pathTail(raw: string, prefix: string): string | undefined {
  const q = raw.indexOf('?');
  let p = (q >= 0 ? raw.slice(0, q) : raw).replace(/\/{2,}/g, '/');
  if (!p.startsWith('/')) p = `/${p}`;
  while (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  if (p.toLowerCase() === prefix) return '';
  if (!p.toLowerCase().startsWith(`${prefix}/`)) return undefined;
  try {
    return decodeURIComponent(p.slice(prefix.length + 1));
  } catch {
    return p.slice(prefix.length + 1);
  }
}
