import { href } from '../../nav/routes';

/** Only web pages open in the in-app browser (spec §5: http and https links). */
export function safeWebUrl(raw: string | null | undefined): string | null {
  if (!raw) return null;
  try {
    const u = new URL(raw, window.location.href);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
}

/** In-app location of the browser page for a link. */
export function webviewHref(url: string, title?: string): string {
  return href('webview', { url, ...(title ? { title } : {}) });
}
