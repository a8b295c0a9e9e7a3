import { clientErrorLimits as lim, paths, type ClientErrorAnswer } from '@parley/protocol';
import type { Clock } from '../../platform/clock';
import { ok } from '../../platform/http/envelope';
import { AppError } from '../../platform/http/errors';
import type { AnyRoute, RouteBuilder } from '../../platform/http/router';
import type { AuthContext } from '../auth/index';
import { windowLimit } from './window-limit';

export interface ClientErrorLog {
  warn(obj: Record<string, unknown>, msg: string): void;
}

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…` : s);

/** `POST /common/pub/clientError`: a crashed screen's report, written to the server log. */
export function clientErrorsRoutes(
  route: RouteBuilder<AuthContext>,
  deps: { clock: Clock; log: ClientErrorLog },
): AnyRoute<AuthContext>[] {
  const limit = windowLimit(deps.clock, lim.perWindow, lim.windowMs);
  return [
    route(paths.clientError, async (p, ctx) => {
      if (!limit.take(ctx.ip)) throw new AppError(400, 'common.tooManyRequests');
      deps.log.warn(
        {
          clientError: {
            message: cut(p.message, lim.messageChars),
            stack: cut(p.stack, lim.stackChars),
            route: cut(p.route, lim.routeChars),
            source: cut(p.source, lim.sourceChars),
            userId: ctx.auth?.user.id ?? null,
            userAgent: cut(ctx.userAgent, lim.routeChars),
            ip: ctx.ip,
          },
        },
        'client error',
      );
      const answer: ClientErrorAnswer = '';
      return ok(answer);
    }),
  ];
}
