import { formatMsg, type AuthMode, type Envelope, type Lang } from '@parley/protocol';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ParseError } from './body';
import { AppError, badParam } from './errors';
import { successEnvelope, type ApiResult } from './envelope';
import { isStorageFull } from './storage-full';
import { normalizeApiPath, pathTail } from './path';

/**
 * One API call, whatever carried it: route lookup, authentication, params, handler, and every
 * failure rendered as the §1.3 envelope. HTTP (router.ts) and socket `call` frames (PROTOCOL
 * §11.6, socket/gateway.ts) both come here, so validation, permissions, limits, idempotency and
 * language cannot drift apart between the two transports.
 */

/** What presenting an answer needs of a request: its language and origin (for absolute URLs). */
export type RequestView = Pick<RequestContext, 'lang' | 'origin'>;

export interface RequestContext {
  lang: Lang;
  ip: string;
  userAgent: string;
  /** PARLEY_PUBLIC_URL, else scheme + host of this request; no trailing slash. */
  origin: string;
  /** The raw token string as sent (without "bearer "), if any. */
  token: string | undefined;
  reqId: string;
  /** The HTTP request; absent for a socket `call` (§11.6), so stream readers (uploads) refuse those. */
  req?: FastifyRequest;
  /**
   * For a prefix route (`path` ending in `/*`, e.g. `/scan/u/*`): the rest of the path after the
   * prefix, case kept and URL-decoded ('' when the prefix itself was called).
   */
  pathTail?: string;
}

/** A route with its types erased, as stored in the registry. */
export interface AnyRoute<A> {
  path: string;
  auth: AuthMode;
  params: z.ZodType;
  handler: (params: unknown, ctx: RequestContext & { auth?: A }) => Promise<ApiResult>;
}

export interface ApiOptions<A> {
  routes: AnyRoute<A>[];
  /** Resolves a token to the caller or throws AppError(-1, …) (PROTOCOL §2.2). */
  authenticate: (token: string | undefined, ctx: RequestContext) => Promise<A>;
  publicUrl: string | undefined;
  /** Extra normalised paths that answer as another one (PROTOCOL §14.2). */
  aliases?: Record<string, string>;
}

export type Transport = 'http' | 'socket';

/** One API call as either transport hands it over: the handler's context, plus what to run. */
export interface CallInput extends Omit<RequestContext, 'pathTail'> {
  transport: Transport;
  /** The path as sent (any case, trailing `/` or `.html`): matched per §1.1. */
  path: string;
  /** POST only over HTTP; a socket call is always a POST. */
  method: string;
  /** Query merged beneath the body (HTTP), or the frame's `params` (socket). */
  params: Record<string, unknown>;
  /** Where a 502's cause is logged with its request id. */
  logError: (err: unknown, reqId: string) => void;
}

/** The envelope and the HTTP status it travels with (404 and 413 also as the status, §1.3). */
export interface Answer {
  status: number;
  body: Envelope;
}

export interface Invoker {
  invoke(call: CallInput): Promise<Answer>;
  /** Every registered exact path (not prefixes or aliases), as given by the modules. */
  paths(): string[];
}

export function failure(code: number, msg: string): Answer {
  const status = code === 404 || code === 413 ? code : 200;
  return { status, body: { code, msg, count: 0, data: '', page: 0 } as Envelope };
}

/**
 * Expected failures keep their code and catalogue text (bodies over the limits: 413); anything else is a fault, logged with
 * the request id and answered 502 naming only that id (never a stack, SQL or path): as a full disk when it is one.
 */
export function failureOf(
  err: unknown,
  lang: Lang,
  reqId: string,
  logError: (err: unknown, reqId: string) => void,
): Answer {
  if (err instanceof AppError) return failure(err.code, err.text ?? formatMsg(err.msgKey, lang, err.params));
  if (err instanceof ParseError) return failure(400, formatMsg('common.badParam', lang, { name: err.field }));
  // A body over the limits (a multipart stream read by the handler, or Fastify's own check).
  if ((err as { statusCode?: unknown } | null)?.statusCode === 413)
    return failure(413, formatMsg('common.tooLarge', lang));
  logError(err, reqId);
  return failure(502, formatMsg(isStorageFull(err) ? 'common.storageFull' : 'common.serverError', lang, { id: reqId }));
}

/** Over the socket only JSON calls of §2–§10, §16: administration stays on HTTP (§11.6). */
const socketRefused = (normalized: string) => normalized === '/manage' || normalized.startsWith('/manage/');

export function createInvoker<A>(opts: ApiOptions<A>): Invoker {
  const registry = new Map<string, AnyRoute<A>>();
  // Prefix routes (`/scan/u/*`, `/scan/g/*`): the signed code after the prefix is case-sensitive.
  const prefixes: Array<{ prefix: string; route: AnyRoute<A> }> = [];
  const exact: string[] = [];
  for (const r of opts.routes) {
    if (r.path.endsWith('/*')) {
      prefixes.push({ prefix: normalizeApiPath(r.path.slice(0, -2)), route: r });
      continue;
    }
    const key = normalizeApiPath(r.path);
    if (registry.has(key)) throw new Error(`Duplicate route ${r.path}`);
    registry.set(key, r);
    exact.push(r.path);
  }
  for (const [alias, target] of Object.entries(opts.aliases ?? {})) {
    const route = registry.get(normalizeApiPath(target));
    if (route) registry.set(normalizeApiPath(alias), route);
  }

  // Clients send the same few paths all day: each is normalised once (bounded, as a client may send any).
  const normalizedPaths = new Map<string, string>();
  function normalized(rawPath: string): string {
    let p = normalizedPaths.get(rawPath);
    if (p === undefined) {
      p = normalizeApiPath(rawPath);
      if (normalizedPaths.size >= 1000) normalizedPaths.clear();
      normalizedPaths.set(rawPath, p);
    }
    return p;
  }

  function lookup(rawPath: string, method: string): { route: AnyRoute<A>; tail?: string } | undefined {
    if (method !== 'POST') return undefined;
    const route = registry.get(normalized(rawPath));
    if (route) return { route };
    for (const p of prefixes) {
      const tail = pathTail(rawPath, p.prefix);
      if (tail !== undefined) return { route: p.route, tail };
    }
    return undefined;
  }

  async function run(call: CallInput): Promise<Answer> {
    const { lang } = call;
    if (call.transport === 'socket' && socketRefused(normalized(call.path))) {
      return failure(400, formatMsg('socket.notAllowed', lang));
    }
    const found = lookup(call.path, call.method);
    if (!found) return failure(404, formatMsg('common.routeNotFound', lang));
    const { route, tail } = found;
    const ctx: RequestContext & { auth?: A } = {
      lang,
      ip: call.ip,
      userAgent: call.userAgent,
      origin: call.origin,
      token: call.token,
      reqId: call.reqId,
      ...(call.req ? { req: call.req } : {}),
      ...(tail !== undefined ? { pathTail: tail } : {}),
    };
    if (route.auth === 'required') {
      ctx.auth = await opts.authenticate(ctx.token, ctx);
    } else if (route.auth === 'optional' && ctx.token) {
      try {
        ctx.auth = await opts.authenticate(ctx.token, ctx);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
      }
    }
    const parsed = route.params.safeParse(call.params);
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path[0];
      throw badParam(typeof field === 'string' ? field : 'params');
    }
    return { status: 200, body: successEnvelope(lang, await route.handler(parsed.data, ctx)) };
  }

  return {
    async invoke(call) {
      try {
        return await run(call);
      } catch (err) {
        return failureOf(err, call.lang, call.reqId, call.logError);
      }
    },
    paths: () => [...exact],
  };
}
