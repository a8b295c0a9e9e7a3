import {
  endpoints,
  formatMsg,
  type AnswerData,
  type AuthMode,
  type EndpointPath,
  type Endpoints,
  type IsPaged,
  type MsgKey,
  type MsgParams,
  type ParamsOut,
} from '@parley/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { langOf, sendApiEnvelope, sendFailure, type ApiResult } from './envelope';
import { createInvoker, type AnyRoute, type ApiOptions, type Invoker, type RequestContext } from './invoke';
import { isApiPath, normalizeApiPath } from './path';

/**
 * The API is one dispatcher over a registry keyed by the normalised path, so the §1.1 matching
 * rules (any case, trailing `/` or `.html`, POST only) live here once. Modules register their
 * handlers by path with `route(path, handler)`; auth mode, params schema and answer type come from
 * the protocol's endpoint table, so a handler that answers the wrong shape fails to compile.
 */

export type { AuthMode };
export type { AnyRoute, ApiOptions, RequestContext, RequestView } from './invoke';

type AuthField<A, M extends AuthMode> = M extends 'required'
  ? { auth: A }
  : M extends 'optional'
    ? { auth: A | undefined }
    : { auth?: undefined };

/** What the handler of table path `P` returns; `count` / `page` only where the endpoint pages. */
export type Reply<P extends EndpointPath> =
  IsPaged<P> extends true
    ? { data: AnswerData<P>; count: number; page?: number; msg?: MsgKey; msgParams?: MsgParams }
    : { data: AnswerData<P>; msg?: MsgKey; msgParams?: MsgParams };

export type Handler<A, P extends EndpointPath> = (
  params: ParamsOut<P>,
  ctx: RequestContext & AuthField<A, Endpoints[P]['auth']>,
) => Promise<Reply<P>>;

/** A route outside the endpoint table (the HTTP tests' probes). */
export interface RouteDef<A, S extends z.ZodType, M extends AuthMode> {
  /** Exact path, or a prefix ending in `/*` whose rest arrives as `ctx.pathTail` (QR codes, §3.3). */
  path: string;
  auth: M;
  params: S;
  handler: (params: z.output<S>, ctx: RequestContext & AuthField<A, M>) => Promise<ApiResult>;
}

export interface RouteBuilder<A> {
  /** The handler of a path of the endpoint table (prefix routes by their `/*` key). */
  <P extends EndpointPath>(path: P, handler: Handler<A, P>): AnyRoute<A>;
  /** A route the table does not list; only tests register these. */
  custom<S extends z.ZodType, M extends AuthMode>(def: RouteDef<A, S, M>): AnyRoute<A>;
}

/** Binds the auth context type once per app: `const route = routeFactory<AuthContext>()`. */
export function routeFactory<A>(): RouteBuilder<A> {
  const byPath = <P extends EndpointPath>(path: P, handler: Handler<A, P>): AnyRoute<A> => {
    const { auth, params } = endpoints[path];
    return { path, auth, params, handler } as unknown as AnyRoute<A>;
  };
  const custom = <S extends z.ZodType, M extends AuthMode>(def: RouteDef<A, S, M>) => def as unknown as AnyRoute<A>;
  return Object.assign(byPath, { custom });
}

/** `Authorization: Bearer x` (any case, any whitespace), else a `token` param, prefix optional. */
export function extractToken(header: string | undefined, param: unknown): string | undefined {
  const fromHeader = header?.trim().match(/^bearer\s+(\S+)$/i)?.[1];
  if (fromHeader) return fromHeader;
  if (typeof param !== 'string' || param.trim() === '') return undefined;
  return param.trim().replace(/^bearer\s+/i, '') || undefined;
}

export function registerApi<A>(app: FastifyInstance, opts: ApiOptions<A>): Invoker {
  const invoker = createInvoker(opts);

  const dispatch = async (req: FastifyRequest, reply: FastifyReply) => {
    const lang = langOf(req);
    const query = (req.query ?? {}) as Record<string, unknown>;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const params: Record<string, unknown> = { ...query, ...body };
    const answer = await invoker.invoke({
      transport: 'http',
      path: req.url,
      method: req.method,
      params,
      lang,
      ip: req.ip,
      userAgent: req.headers['user-agent'] ?? '',
      origin: opts.publicUrl ?? `${req.protocol}://${req.host}`,
      token: extractToken(req.headers.authorization, params.token),
      reqId: String(req.id),
      req,
      logError: (err, reqId) => req.log.error({ err, reqId }, 'unexpected error'),
    });
    return sendApiEnvelope(req, reply, answer.status, answer.body);
  };

  // Fastify's router is told to ignore case and trailing slashes; our dispatcher does the rest.
  for (const prefix of ['/common', '/enterprise', '/manage']) {
    app.all(`${prefix}/*`, dispatch);
    app.all(prefix, dispatch);
  }
  app.post('/scan/*', dispatch);

  app.setNotFoundHandler((req, reply) => {
    const lang = langOf(req);
    if (isApiPath(normalizeApiPath(req.url)) || req.method !== 'GET') {
      return sendFailure(reply, 404, formatMsg('common.routeNotFound', lang));
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
  return invoker;
}
