import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction, Socket } from 'node:net';
import { forbiddenAddress } from './address-rules';
import { endpointAllowed } from './endpoint';

/** A name's addresses, as `dns.lookup(name, { all: true })` gives them. */
export type Resolve = (host: string) => Promise<Array<{ address: string; family: number }>>;

const systemResolve: Resolve = (host) => dnsLookup(host, { all: true, verbatim: true });

/** The push was not sent: its endpoint names, or leads to, a place the server must not reach. */
export class PushEndpointRefused extends Error {
  override name = 'PushEndpointRefused';
}

/**
 * The socket's own name resolution: every address the name has is checked, and the socket then
 * connects to one of exactly those. No second lookup happens between the check and the
 * connection, so a name that answers a public address first and a private one next (DNS
 * rebinding) cannot slip through.
 */
function guardedLookup(resolve: Resolve): LookupFunction {
  return (hostname, options, callback) => {
    const host = hostname.replace(/\.+$/, '');
    resolve(host)
      .then((found) => {
        const bad = found.find((a) => forbiddenAddress(a.address));
        if (bad) throw new PushEndpointRefused(`push endpoint ${host} resolves to ${bad.address}`);
        const wanted = options.family ? found.filter((a) => a.family === options.family) : found;
        const first = wanted[0];
        if (!first) throw Object.assign(new Error(`push endpoint ${host} has no address`), { code: 'ENOTFOUND' });
        if (options.all) callback(null, wanted);
        else callback(null, first.address, first.family);
      })
      .catch((err: NodeJS.ErrnoException) => callback(err, '', 0));
  };
}

/** Connections to push services are kept open between pushes, as fetch kept them. */
const agents = { 'https:': new https.Agent({ keepAlive: true }), 'http:': new http.Agent({ keepAlive: true }) };

/**
 * POSTs one Web Push request and answers the HTTP status. Unless `allowLocal` (the
 * PARLEY_PUSH_HTTP_ENDPOINTS escape hatch for tests and intranet relays), only https on port
 * 443 to a public name, whose addresses are checked at connection time (above, and once more
 * on the connected socket). A redirect is never followed: its status is the answer.
 */
export function postToPushService(
  endpoint: string,
  req: { headers: Record<string, string>; body: Buffer | null; timeoutMs: number },
  opts: { allowLocal: boolean; resolve?: Resolve | undefined },
): Promise<number> {
  if (!endpointAllowed(endpoint, opts.allowLocal))
    return Promise.reject(new PushEndpointRefused(`push endpoint refused: ${endpoint}`));
  const url = new URL(endpoint);
  const secure = url.protocol === 'https:';
  const guard = !opts.allowLocal;
  return new Promise<number>((resolve, reject) => {
    const request = (secure ? https : http).request(url, {
      method: 'POST',
      headers: { ...req.headers, ...(req.body ? { 'content-length': String(req.body.length) } : {}) },
      agent: agents[secure ? 'https:' : 'http:'],
      ...(guard ? { lookup: guardedLookup(opts.resolve ?? systemResolve) } : {}),
    });
    request.setTimeout(req.timeoutMs, () => request.destroy(new Error(`push to ${url.host} timed out`)));
    if (guard) {
      // The address the socket is actually connected to, checked once more.
      request.on('socket', (socket: Socket) => {
        const check = () => {
          if (socket.remoteAddress && forbiddenAddress(socket.remoteAddress))
            request.destroy(new PushEndpointRefused(`push endpoint connected to ${socket.remoteAddress}`));
        };
        if (socket.connecting) socket.once('connect', check);
        else check();
      });
    }
    request.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end(req.body ?? undefined);
  });
}
