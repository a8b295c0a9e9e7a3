import { formatMsg } from '@parley/protocol';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ParseError } from './body';
import { langOf, sendEnvelope, sendFailure } from './envelope';
import { AppError } from './errors';
import { failureOf, type Answer } from './invoke';
import { isApiPath, normalizeApiPath } from './path';

/** Expected failures are the client's doing: nothing to log. */
const noLog = () => undefined;

/**
 * Every failure becomes an envelope. Expected ones (AppError) keep their code; body errors map
 * to 400/413; anything else is logged with the request id and answered 502 with only that id.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | Error, req, reply) => {
    const lang = langOf(req);
    const send = (a: Answer) => sendEnvelope(reply, a.status, a.body);
    const status = (err as FastifyError).statusCode;
    if (err instanceof AppError || err instanceof ParseError || status === 413)
      return send(failureOf(err, lang, String(req.id), noLog));
    // File serving refuses a path (`..`, encoded or not; a folder): that is the client's error,
    // answered as HTTP 403/404 and not logged (§14.1). Only API paths speak envelopes.
    if (status !== undefined && status >= 400 && status < 500 && !isApiPath(normalizeApiPath(req.url))) {
      const forbidden = status === 403;
      return reply
        .code(forbidden ? 403 : 404)
        .type('text/plain; charset=utf-8')
        .send(forbidden ? 'Forbidden' : 'Not found');
    }
    if (status === 400 && (err as FastifyError).code?.startsWith('FST_ERR_CTP')) {
      return sendFailure(reply, 400, formatMsg('common.badParam', lang, { name: 'body' }));
    }
    return send(
      failureOf(err, lang, String(req.id), (e, reqId) => req.log.error({ err: e, reqId }, 'unexpected error')),
    );
  });
}
