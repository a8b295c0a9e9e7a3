import {
  contactIdParams, formatMsg, getContactInfoParams, isNoticeParams, noParams, paths, searchUserParams,
  setChatTopParams, userListParams,
} from '@parley/protocol';
import { ok } from '../../platform/http/envelope';
import type { AnyRoute, RouteBuilder } from '../../platform/http/router';
import type { AuthContext } from '../auth/index';
import type { Contacts } from './contacts.service';

export function contactsRoutes(route: RouteBuilder<AuthContext>, contacts: Contacts): AnyRoute<AuthContext>[] {
  return [
    route({
      path: paths.getContacts,
      auth: 'required',
      params: noParams,
      handler: async (_p, ctx) => contacts.list(ctx.auth.user, ctx),
    }),
    route({
      path: paths.getContactInfo,
      auth: 'required',
      params: getContactInfoParams,
      handler: async (p, ctx) => ok(await contacts.info(ctx.auth.user, p.id, ctx)),
    }),
    route({
      path: paths.searchUser,
      auth: 'required',
      params: searchUserParams,
      handler: async (p, ctx) =>
        ok(await contacts.searchUser(ctx.auth.user, p.keywords, ctx, formatMsg('contact.unknownPlace', ctx.lang))),
    }),
    route({
      path: paths.userList,
      auth: 'required',
      params: userListParams,
      handler: async (p, ctx) => contacts.userList(ctx.auth.user, p.keywords, p.page, p.limit, ctx.origin),
    }),
    route({
      path: paths.setChatTop,
      auth: 'required',
      params: setChatTopParams,
      handler: async (p, ctx) => {
        await contacts.setChatTop(ctx.auth.user, p.id, p.is_top);
        return ok('');
      },
    }),
    route({
      path: paths.isNotice,
      auth: 'required',
      params: isNoticeParams,
      handler: async (p, ctx) => {
        await contacts.setNotice(ctx.auth.user, p.id, p.is_notice);
        return ok('');
      },
    }),
    route({
      path: paths.delChat,
      auth: 'required',
      params: contactIdParams,
      handler: async (p, ctx) => {
        await contacts.delChat(ctx.auth.user, p.id);
        return ok('');
      },
    }),
    route({
      path: paths.getAdminNotice,
      auth: 'required',
      params: noParams,
      handler: async () => ok(await contacts.adminNotice()),
    }),
  ];
}
