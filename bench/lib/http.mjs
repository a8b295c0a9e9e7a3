import http from 'node:http';
import zlib from 'node:zlib';

/**
 * The HTTP side of the protocol: POST JSON, read the envelope (PROTOCOL §1.3). Keep-alive
 * agents, one per source address, so HTTP load also spreads over 127.0.0.x.
 */

export class ApiError extends Error {
  constructor(path, env) {
    super(`${path}: code ${env?.code} ${env?.msg ?? ''}`.trim());
    this.code = env?.code;
    this.envelope = env;
  }
}

const agents = new Map();
let perSource = 64;

/**
 * A fixed pool: `conns` keep-alive connections in all, spread over `sources` addresses (the peers'
 * harness: --sources 1 --conns 64). Requests beyond it queue in the agent, as on a real client.
 */
export function configurePool({ conns, sources }) {
  perSource = Math.max(1, Math.ceil(conns / Math.max(1, sources)));
  closeAgents();
}

function agentFor(localAddress) {
  let a = agents.get(localAddress);
  if (!a) {
    a = new http.Agent({ keepAlive: true, maxSockets: perSource, maxFreeSockets: perSource, localAddress });
    agents.set(localAddress, a);
  }
  return a;
}

export function closeAgents() {
  for (const a of agents.values()) a.destroy();
  agents.clear();
}

/** What Chromium offers over HTTPS; the server answers large envelopes in brotli then. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

const decoders = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync };

/**
 * Resolves to the envelope; rejects on transport errors, HTTP ≠ 200 or a timeout. `browser`: offer
 * compression as a browser does and decode the answer (its decoding is timed with it, as a
 * browser's is); `wire(bytes)` is told the body's size as it travelled.
 */
export function post(
  base,
  path,
  body,
  { token, localAddress = '127.0.0.1', timeoutMs = 10000, browser = false, wire } = {},
) {
  const payload = Buffer.from(JSON.stringify(body ?? {}));
  const u = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: 'POST',
        agent: agentFor(localAddress),
        headers: {
          'content-type': 'application/json',
          'content-length': payload.length,
          'accept-language': 'en',
          ...(token ? { authorization: token } : {}),
          ...(browser ? { 'accept-encoding': BROWSER_ENCODINGS } : {}),
        },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          wire?.(raw.length);
          const decode = decoders[res.headers['content-encoding']];
          const text = (decode ? decode(raw) : raw).toString('utf8');
          if (res.statusCode !== 200)
            return reject(
              new ApiError(path, { code: res.statusCode, msg: `HTTP ${res.statusCode} ${text.slice(0, 200)}` }),
            );
          try {
            resolve(JSON.parse(text));
          } catch {
            reject(new Error(`${path}: not JSON`));
          }
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${path}: timeout after ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** post() that requires code 0 and returns the whole envelope. */
export async function call(base, path, body, o) {
  const env = await post(base, path, body, o);
  if (env.code !== 0) throw new ApiError(path, env);
  return env;
}

/** Source addresses 127.0.0.2 … 127.0.0.(1+n). */
export function sourceAddresses(n) {
  return Array.from({ length: n }, (_, i) => `127.0.0.${i + 2}`);
}
