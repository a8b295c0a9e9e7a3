import { isIP } from 'node:net';

/**
 * May the server POST to this push endpoint? Browsers' push services (FCM, Mozilla, Apple,
 * Microsoft) are public https hosts. Anything else would let a signed-in user make the server
 * send requests into its own network, so plain http, IP literals and local names are refused
 * unless PARLEY_PUSH_HTTP_ENDPOINTS allows them (tests, an intranet push relay).
 */
export function endpointAllowed(endpoint: string, allowLocal: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (allowLocal) return url.protocol === 'https:' || url.protocol === 'http:';
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(host)) return false;
  return host.includes('.') && !/(^|\.)(localhost|local|internal|lan|home|corp|intranet)$/.test(host);
}
