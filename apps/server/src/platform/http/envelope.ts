import {
  APP_VERSION,
  formatMsg,
  pickLang,
  VERSION_HEADER,
  type Envelope,
  type Lang,
  type MsgKey,
  type MsgParams,
} from '@parley/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding, compress, COMPRESS_MIN_BYTES } from './compress';

/** What a route handler returns; rendered into the §1.3 envelope. */
export interface ApiResult {
  data?: unknown;
  msg?: MsgKey;
  msgParams?: MsgParams;
  count?: number;
  page?: number;
}

/**
 * A success carrying `data` and an optional msg to show (§1.3). No data (nothing, or the result of
 * an action that returns nothing) goes out as `""`, and is typed so.
 */
export function ok(): { data: '' };
// `void` here is the awaited result of a service action, which answers "" on the wire.
// eslint-disable-next-line @typescript-eslint/no-invalid-void-type
export function ok<const T>(data: T, msg?: MsgKey): { data: [T] extends [void] ? '' : T; msg?: MsgKey };
export function ok(data: unknown = '', msg?: MsgKey): ApiResult {
  return { data, msg };
}

export function langOf(req: FastifyRequest): Lang {
  const body = req.body as Record<string, unknown> | undefined;
  const query = req.query as Record<string, unknown> | undefined;
  return pickLang(req.headers['accept-language'], body?.lang ?? query?.lang);
}

/** The §1.3 success envelope of a handler's result, `msg` in the caller's language. */
export function successEnvelope(lang: Lang, r: ApiResult): Envelope {
  return {
    code: 0,
    msg: r.msg ? formatMsg(r.msg, lang, r.msgParams) : '',
    count: r.count ?? 0,
    data: r.data === undefined || r.data === null ? '' : r.data,
    page: r.page ?? 1,
  };
}

/** An envelope made by the invoker (invoke.ts), or its JSON already made, with its HTTP status. */
export function sendEnvelope(reply: FastifyReply, status: number, body: Envelope | string | Buffer): FastifyReply {
  return reply.code(status).header(VERSION_HEADER, APP_VERSION).type('application/json; charset=utf-8').send(body);
}

/**
 * An API answer (router.ts): as sendEnvelope, compressed when it is large and the client accepts
 * it (compress.ts). The body is serialised here, as Fastify would, to know its size.
 */
export async function sendApiEnvelope(
  req: FastifyRequest,
  reply: FastifyReply,
  status: number,
  body: Envelope,
): Promise<FastifyReply> {
  const json = JSON.stringify(body);
  if (Buffer.byteLength(json) < COMPRESS_MIN_BYTES) return sendEnvelope(reply, status, json);
  reply.header('vary', 'accept-encoding');
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  if (!encoding) return sendEnvelope(reply, status, json);
  const bytes = await compress(json, encoding);
  return sendEnvelope(reply.header('content-encoding', encoding), status, bytes);
}

/** Failure envelope; 404 and 413 also travel as the HTTP status, everything else as 200. */
export function sendFailure(reply: FastifyReply, code: number, msg: string): FastifyReply {
  const http = code === 404 || code === 413 ? code : 200;
  return reply
    .code(http)
    .header(VERSION_HEADER, APP_VERSION)
    .type('application/json; charset=utf-8')
    .send({ code, msg, count: 0, data: '', page: 0 });
}
