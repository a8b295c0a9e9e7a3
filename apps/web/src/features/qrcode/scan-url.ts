import { paths } from '@parley/protocol';

/**
 * What a decoded QR code means (PROTOCOL §3.3): a Parley user or group code
 * (`<origin>/scan/u/<code>`, `<origin>/scan/g/<code>`), another web address, or plain text.
 */
export type ScanTarget =
  | { kind: 'user' | 'group'; code: string; path: string }
  | { kind: 'url'; url: string }
  | { kind: 'text'; text: string };

const scanPath = /^\/scan\/([ug])\/([^/?#]+)\/?$/i;

export function parseScanText(raw: string): ScanTarget {
  const text = raw.trim();
  let url: URL | null;
  try {
    url = new URL(text);
  } catch {
    url = null;
  }
  if (!url || !/^https?:$/.test(url.protocol)) return { kind: 'text', text };
  // A deployment may sit behind a prefix or a different public host: the path decides, and the
  // code is posted to this server (the one the app is logged into).
  const tail = url.pathname.slice(url.pathname.toLowerCase().lastIndexOf('/scan/'));
  const m = scanPath.exec(tail);
  if (!m?.[1] || !m[2]) return { kind: 'url', url: url.toString() };
  const kind = m[1].toLowerCase() === 'u' ? 'user' : 'group';
  const code = m[2];
  return { kind, code, path: `${kind === 'user' ? paths.scanUser : paths.scanGroup}/${code}` };
}
