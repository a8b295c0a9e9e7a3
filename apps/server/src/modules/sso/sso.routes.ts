import { OIDC_CALLBACK_PATH, OIDC_START_PATH } from '@parley/protocol';
import type { FastifyInstance } from 'fastify';
import { langOf } from '../../platform/http/envelope';
import type { OidcSignIn } from './oidc.service';

/**
 * The browser's two stops of §19 OIDC, outside the API (GET, redirects, no envelope). Neither is
 * ever cached, and the redirect carries no referrer of its query (code, state) onward.
 */
export function registerSsoPages(app: FastifyInstance, oidc: OidcSignIn, publicUrl: string | undefined): void {
  const origin = (req: { protocol: string; host: string }) => publicUrl ?? `${req.protocol}://${req.host}`;
  const noStore = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };
  app.get(OIDC_START_PATH, async (req, reply) => {
    const to = await oidc.start(origin(req));
    return reply.headers(noStore).redirect(to, 302);
  });
  app.get(OIDC_CALLBACK_PATH, async (req, reply) => {
    const query = new URLSearchParams(req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '');
    const to = await oidc.callback({ origin: origin(req), query, lang: langOf(req) });
    return reply.headers(noStore).redirect(to, 302);
  });
}
