import { formatMsg, paths } from '@parley/protocol';
import { ok } from '../../platform/http/envelope';
import type { AnyRoute, RouteBuilder } from '../../platform/http/router';
import type { AuthContext } from '../auth/index';
import type { Contacts } from './contacts.service';

export function contactsRoutes(route: RouteBuilder<AuthContext>, contacts: Contacts): AnyRoute<AuthContext>[] {
  return [
    route(paths.getContacts, async (_p, ctx) => contacts.list(ctx.auth.user, ctx)),
    route(paths.getContactInfo, async (p, ctx) => ok(await contacts.info(ctx.auth.user, p.id, ctx))),
    route(paths.searchUser, async (p, ctx) =>
      ok(await contacts.searchUser(ctx.auth.user, p.keywords, ctx, formatMsg('contact.unknownPlace', ctx.lang))),
    ),
    route(paths.userList, async (p, ctx) => contacts.userList(ctx.auth.user, p.keywords, p.page, p.limit, ctx.origin)),
    route(paths.setChatTop, async (p, ctx) => {
      await contacts.setChatTop(ctx.auth.user, p.id, p.is_top);
      return ok('');
    }),
    route(paths.isNotice, async (p, ctx) => {
      await contacts.setNotice(ctx.auth.user, p.id, p.is_notice);
      return ok('');
    }),
    route(paths.delChat, async (p, ctx) => {
      await contacts.delChat(ctx.auth.user, p.id);
      return ok('');
    }),
    route(paths.getAdminNotice, async () => ok(await contacts.adminNotice())),
  ];
}
