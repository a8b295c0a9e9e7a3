import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeApiPath } from '../http/path';
import type { Metrics } from './metrics';

export interface MetricsRouteOptions {
  metrics: Metrics;
  /** PARLEY_METRICS_TOKEN: other hosts may scrape with `Authorization: Bearer <token>`. */
  token: string | undefined;
  /** PARLEY_TRUST_PROXY: whether `req.ip` is the proxy's client (X-Forwarded-For) or the peer. */
  trustProxy: boolean;
  /** The API's registered paths, read once at the first request (the table is complete by then). */
  apiPaths: () => Iterable<string>;
}

const isLoopback = (addr: string | undefined) =>
  addr !== undefined && (addr === '::1' || addr.startsWith('127.') || addr.startsWith('::ffff:127.'));

/**
 * Who may read `/metrics` (PROTOCOL §20): a scraper on the same host, or one with the token. A
 * request that came through a proxy is from the proxy's client, not from loopback: with
 * PARLEY_TRUST_PROXY that client is `req.ip`; without it the proxy's own address is all we know,
 * so any X-Forwarded-For makes the request a stranger (else nginx on the same host would publish
 * the metrics to the internet).
 */
function mayScrape(req: FastifyRequest, opts: MetricsRouteOptions): boolean {
  const auth = req.headers.authorization;
  if (opts.token && auth) {
    const given = Buffer.from(auth.replace(/^bearer\s+/i, ''));
    const wanted = Buffer.from(opts.token);
    if (given.length === wanted.length && timingSafeEqual(given, wanted)) return true;
  }
  if (!isLoopback(req.socket.remoteAddress)) return false;
  if (opts.trustProxy) return isLoopback(req.ip);
  return req.headers['x-forwarded-for'] === undefined;
}

// Fastify's route patterns of the API dispatcher (router.ts): their calls are labelled by API path.
const API_PATTERNS = new Set(['/common/*', '/enterprise/*', '/manage/*', '/common', '/enterprise', '/manage']);

/** `/metrics`, and every answered request timed into the HTTP histogram by route and code. */
export function registerMetrics(app: FastifyInstance, opts: MetricsRouteOptions): void {
  /** Normalised path → the path as the API table writes it (the label). */
  let known: Map<string, string> | undefined;
  // Raw URL → label: clients send the same few paths all day; bounded, as a client may send any.
  const labels = new Map<string, string>();
  const routeLabel = (req: FastifyRequest): string => {
    const pattern = req.routeOptions.url;
    if (pattern === undefined) return 'unmatched';
    if (!API_PATTERNS.has(pattern)) return pattern;
    let label = labels.get(req.url);
    if (label === undefined) {
      known ??= new Map([...opts.apiPaths()].map((p) => [normalizeApiPath(p), p]));
      label = known.get(normalizeApiPath(req.url)) ?? pattern; // unknown paths share their prefix's label
      if (labels.size >= 1000) labels.clear();
      labels.set(req.url, label);
    }
    return label;
  };
  app.addHook('onResponse', (req, reply, done) => {
    opts.metrics.observeHttp(routeLabel(req), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.get('/metrics', async (req, reply) => {
    if (!mayScrape(req, opts)) return reply.code(403).type('text/plain; charset=utf-8').send('forbidden');
    return reply.type(opts.metrics.registry.contentType).send(await opts.metrics.text());
  });
}
