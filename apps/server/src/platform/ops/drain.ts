import { formatMsg } from '@parley/protocol';
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
 *   client drops it (72 s): that was the 70-second stop of issue 35.
 */
export function registerDrain(app: FastifyInstance, lifecycle: Lifecycle): void {
  app.addHook('onRequest', (req, reply, done) => {
    if (!lifecycle.draining) return done();
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
}
