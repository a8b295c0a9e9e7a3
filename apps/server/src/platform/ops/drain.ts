import { formatMsg } from '@parley/protocol';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { langOf, sendFailure } from '../http/envelope';
import { isApiPath, normalizeApiPath } from '../http/path';
import type { Lifecycle } from './lifecycle';

/**
 * Requests during a shutdown (PROTOCOL §20). Fastify's own answer while closing is a bare
 * `{"error":"Service Unavailable"}` 503, which §1.3 forbids for API calls; the app turns that off
 * (`return503OnClosing: false`) and this answers instead:
 * - an API call that arrives once draining began gets `{code: 502, msg: common.shuttingDown}`
 *   (nothing of it is done, so a client may safely send it again, to this node or another);
 * - a socket upgrade is refused (the gateway has closed its sockets with 1001);
 * - every answer from then on carries `Connection: close`. A request in flight when the signal
 *   came kept its connection alive otherwise, and a keep-alive connection lingers until the
 *   client drops it (72 s): that was the 70-second stop of issue 35;
 * - the listener stays open until the requests read before the drain are answered (the app
 *   awaits the returned `answered` in a preClose hook, ahead of Fastify's `server.close()` and
 *   after the gateway closed its sockets with 1001), so meanwhile `/readyz` answers 503 and new calls
 *   get `common.shuttingDown` instead of a refused connection. Only those requests are waited
 *   for: the ones answered during the drain would never let the count reach zero under load.
 *   A request that never completes is cut at the shutdown's cut time (shutdown.ts), which ends
 *   this wait too.
 */
export function registerDrain(app: FastifyInstance, lifecycle: Lifecycle): { answered(): Promise<void> } {
  const before = readBeforeDrain();
  app.addHook('onRequest', (req, reply, done) => {
    // A socket upgrade stays "in flight" as long as its socket: the gateway closes those.
    if (!lifecycle.draining) {
      if (req.headers.upgrade === undefined) before.track(reply.raw);
      return done();
    }
    reply.header('connection', 'close');
    const path = normalizeApiPath(req.url);
    if (path === '/wss') {
      void reply.code(503).type('text/plain; charset=utf-8').send('shutting down');
      return;
    }
    if (isApiPath(path) || path.startsWith('/scan/')) {
      void sendFailure(reply, 502, formatMsg('common.shuttingDown', langOf(req)));
      return;
    }
    done();
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (lifecycle.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  return { answered: async () => (lifecycle.draining ? before.answered() : undefined) };
}

/** The requests read before the drain began and not yet answered (or cut). */
function readBeforeDrain() {
  let open = 0;
  let waiters: Array<() => void> = [];
  const settle = () => {
    if (open > 0) return;
    for (const w of waiters) w();
    waiters = [];
  };
  return {
    track(res: ServerResponse) {
      open++;
      // 'close' comes once either way: the answer was sent, or the connection went.
      res.once('close', () => {
        open--;
        settle();
      });
    },
    answered: () => new Promise<void>((resolve) => (open === 0 ? resolve() : waiters.push(resolve))),
  };
}
