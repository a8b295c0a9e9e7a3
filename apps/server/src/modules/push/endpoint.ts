import { isIP } from 'node:net';

/**
 * May the server POST to this push endpoint? Browsers' push services (FCM, Mozilla, Apple,
 * Microsoft) are public https hosts on port 443. Anything else would let a signed-in user make
 * the server send requests into its own network, so plain http, other ports, IP literals and
 * local names (with or without a trailing dot: `localhost.` is `localhost`) are refused unless
 * PARLEY_PUSH_HTTP_ENDPOINTS allows them (tests, an intranet push relay). This reads the text
 * only: where the name leads is checked when a push is sent (push-post.ts), on the address
 * actually connected to.
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
  // `port` is '' for https's own 443, written or not.
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.+$/, '');
  if (!host || isIP(host)) return false;
  return (
    host.includes('.') &&
    !/(^|\.)(localhost|local|localdomain|internal|intranet|lan|home|corp|private|test|invalid|example|arpa)$/.test(host)
  );
}
