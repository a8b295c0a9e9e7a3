import { formatMsg } from '@parley/protocol';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ParseError } from './body';
import { langOf, sendFailure } from './envelope';
import { AppError } from './errors';
import { isApiPath, normalizeApiPath } from './path';

/**
 * Every failure becomes an envelope. Expected ones (AppError) keep their code; body errors map
 * to 400/413; anything else is logged with the request id and answered 502 with only that id.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | Error, req, reply) => {
    const lang = langOf(req);
    if (err instanceof AppError) {
      return sendFailure(reply, err.code, err.text ?? formatMsg(err.msgKey, lang, err.params));
    }
    if (err instanceof ParseError) {
      return sendFailure(reply, 400, formatMsg('common.badParam', lang, { name: err.field }));
    }
    const status = (err as FastifyError).statusCode;
    // File serving refuses a path (`..`, encoded or not; a folder): that is the client's error,
    // answered as HTTP 403/404 and not logged (§14.1). Only API paths speak envelopes.
    if (status !== undefined && status >= 400 && status < 500 && !isApiPath(normalizeApiPath(req.url))) {
      const forbidden = status === 403;
      return reply.code(forbidden ? 403 : 404).type('text/plain; charset=utf-8').send(forbidden ? 'Forbidden' : 'Not found');
    }
    if (status === 413) return sendFailure(reply, 413, formatMsg('common.tooLarge', lang));
    if (status === 400 && (err as FastifyError).code?.startsWith('FST_ERR_CTP')) {
      return sendFailure(reply, 400, formatMsg('common.badParam', lang, { name: 'body' }));
    }
    req.log.error({ err, reqId: req.id }, 'unexpected error');
    return sendFailure(reply, 502, formatMsg('common.serverError', lang, { id: String(req.id) }));
  });
}
