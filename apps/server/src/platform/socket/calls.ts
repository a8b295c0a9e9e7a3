import { formatMsg, pickLang, type Envelope, type Lang } from '@parley/protocol';
import type { Invoker } from '../http/invoke';
import { failure } from '../http/invoke';
import { extractToken } from '../http/router';
import type { SocketCall } from './gateway';

/**
 * Socket `call` frames (PROTOCOL §11.6) run through the same invoker as HTTP requests: the
 * connection's token, address, user agent and origin stand in for the request's headers, its
 * language is the upgrade request's unless `params.lang` says otherwise. Only the reply waits
 * for the commit's WAL sync, as an HTTP answer does (app.ts `onSend`).
 */
export interface SocketCallerDeps {
  invoker: Invoker;
  /** Runs `fn` once rows written so far are durable (database.afterDurable). */
  afterDurable: (fn: () => void) => void;
  /** A request id per call, from the same source as HTTP's (quoted in 502 texts). */
  nextReqId: () => string;
  logError: (err: unknown, reqId: string) => void;
}

export function socketCaller(deps: SocketCallerDeps): (c: SocketCall) => Promise<Envelope> {
  // The upgrade request's language, read once per connection (its header is parsed, sorted by q).
  const connLang = new WeakMap<SocketCall['meta'], Lang>();
  const langOf = (c: SocketCall): Lang => {
    if (c.params.lang !== undefined) return pickLang(c.meta.acceptLanguage, c.params.lang);
    let lang = connLang.get(c.meta);
    if (!lang) connLang.set(c.meta, (lang = pickLang(c.meta.acceptLanguage)));
    return lang;
  };
  return async (c) => {
    const lang = langOf(c);
    // An unbound connection has no session to act for, whatever the route (§11.6).
    if (!c.session) return failure(-1, formatMsg('auth.required', lang)).body;
    const answer = await deps.invoker.invoke({
      transport: 'socket',
      path: c.path,
      method: 'POST',
      params: c.params,
      lang,
      ip: c.ip,
      userAgent: c.meta.userAgent,
      origin: c.meta.origin,
      token: extractToken(undefined, c.session.token),
      reqId: deps.nextReqId(),
      logError: deps.logError,
    });
    await new Promise<void>((resolve) => deps.afterDurable(resolve));
    return answer.body;
  };
}
