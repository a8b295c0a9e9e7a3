import {
  ContactKind,
  limits,
  paths,
  Role,
  type AdminGroupMember,
  type AdminGroupRow,
  type Contact,
  type EndpointPath,
  type ParamsOut,
} from '@parley/protocol';
import { ok } from '../../platform/http/envelope';
import { AppError, checkKeywords } from '../../platform/http/errors';
import type { AnyRoute, Reply, RequestContext, RouteBuilder } from '../../platform/http/router';
import type { ConfigService } from '../config/index';
import type { UserRow } from '../users/index';
import { auditRefusals, refusalEntry, type Audit, type AuditEntry } from './audit';
import type { Dashboard } from './dashboard';
import { requireAdmin, requireAdminWrite } from './guard';
import type { UsersAdmin } from './users-admin.service';

/** What the `/manage/*` routes drive; wired in app.ts from the owning modules' index.ts surfaces. */
export interface ManageDeps {
  config: ConfigService;
  audit: Audit;
  users: UsersAdmin;
  dashboard: Dashboard;
  getUser(id: number): Promise<UserRow | undefined>;
  groups: {
    adminList(
      q: { keywords: string; orderField: string; orderType: number; page: number; limit: number },
      origin: string,
    ): Promise<{ data: AdminGroupRow[]; count: number }>;
    adminMembers(
      groupId: number,
      page: number,
      limit: number,
      origin: string,
    ): Promise<{ data: AdminGroupMember[]; count: number }>;
    adminChangeOwner(groupId: number, userId: number): Promise<void>;
    adminSetManager(groupId: number, userId: number, role: number, origin: string): Promise<void>;
    adminDisband(groupId: number): Promise<void>;
    adminRemoveMember(
      actor: UserRow,
      groupId: number,
      userId: number,
      r: { lang: RequestContext['lang']; origin: string },
    ): Promise<void>;
    adminAddMembers(
      actor: UserRow,
      groupId: number,
      userIds: number[],
      r: { lang: RequestContext['lang']; origin: string },
    ): Promise<void>;
  };
  messages: import('../messages/index').Messages['admin'];
  contactsOf(user: UserRow, r: { lang: RequestContext['lang']; origin: string }): Promise<Contact[]>;
  inviteCode(creatorId: number): Promise<string>;
  sendTestEmail(to: string, lang: RequestContext['lang']): Promise<void>;
}

type Access = 'read' | 'write' | 'super';
/** The console's paths (§12.3), each behind the role guard. */
type ManagePath = Extract<EndpointPath, `/manage/${string}`>;
type Ctx = RequestContext & { auth: { user: UserRow } };

const clampLimit = (limit: number) => Math.min(Math.max(limit, 1), limits.pageSizeMax);
const clampPage = (page: number) => Math.max(page, 1);

export function manageRoutes<A extends { user: UserRow }>(route: RouteBuilder<A>, d: ManageDeps): AnyRoute<A>[] {
  /** The §12.2 guard in front of every handler; `super` = ★; writes are refused in demo mode. */
  function manage<P extends ManagePath>(
    path: P,
    access: Access,
    handler: (p: ParamsOut<P>, ctx: Ctx, me: UserRow) => Promise<Reply<P>>,
  ) {
    return route(path, async (p: ParamsOut<P>, ctx: RequestContext & { auth?: A }) => {
      const me = (ctx as Ctx).auth.user;
      if (access === 'read') {
        requireAdmin(me);
        // Search words are matched with LIKE: capped as the user endpoints cap them (issue 36 #2).
        if ('keywords' in p && typeof p.keywords === 'string') checkKeywords(p.keywords);
        return handler(p, ctx as Ctx, me);
      }
      return auditRefusals(d.audit, me, ctx.ip, refusalEntry(path, p), async () => {
        await requireAdminWrite(me, d.config);
        if (access === 'super' && me.role !== Role.superAdmin) throw new AppError(400, 'admin.superOnly');
        return handler(p, ctx as Ctx, me);
      });
    });
  }
  const audit = (me: UserRow, ctx: Ctx, e: AuditEntry) => d.audit.record(me, ctx.ip, e);
  /** The audit line of an action on one user or one group, as most writes record it. */
  const auditOn =
    (targetType: 'user' | 'group') =>
    (me: UserRow, ctx: Ctx, action: string, targetId: number, detail?: AuditEntry['detail']) =>
      audit(me, ctx, { action, targetType, targetId, ...(detail ? { detail } : {}) });
  const auditUser = auditOn('user');
  const auditGroup = auditOn('group');
  const view = (ctx: Ctx) => ({ lang: ctx.lang, origin: ctx.origin });
  const paged = <D>(r: { data: D; count: number }, page: number) => ({ data: r.data, count: r.count, page });

  return [
    // ---- dashboard, announcements
    manage(paths.adminIndex, 'read', async (p) => ok(await d.dashboard.index(p.client_id))),
    manage(paths.adminMessageStats, 'read', async (p) =>
      ok(await d.messages.perDay(Math.min(Math.max(p.days, 1), 90))),
    ),
    manage(paths.adminClearMessage, 'super', async (_p, ctx, me) => {
      const n = await d.messages.clearAll();
      await audit(me, ctx, { action: 'index.clearMessage', detail: { deleted: n } });
      return ok('', 'group.cleared');
    }),
    manage(paths.adminNoticeList, 'read', async (p, _ctx, me) => {
      const page = clampPage(p.page);
      return paged(await d.messages.notices(page, clampLimit(p.limit), me.id), page);
    }),
    manage(paths.adminPublishNotice, 'super', async (p, ctx, me) => {
      const row = await d.messages.publishNotice(
        me,
        { title: p.title, content: p.content, ...(p.msgId ? { msgId: p.msgId } : {}) },
        view(ctx),
      );
      await audit(me, ctx, {
        action: 'index.publishNotice',
        targetType: 'notice',
        targetId: row.msg_id,
        detail: { title: p.title, edit: p.msgId ? 1 : 0 },
      });
      return ok(row, 'common.saved');
    }),
    manage(paths.adminDelNotice, 'write', async (p, ctx, me) => {
      await d.messages.delNotice(p.id);
      await audit(me, ctx, { action: 'index.delNotice', targetType: 'notice', targetId: p.id });
      return ok('', 'admin.deleted');
    }),

    // ---- users
    manage(paths.adminUserIndex, 'read', async (p, ctx) => {
      const page = clampPage(p.page);
      const q = {
        keywords: p.keywords,
        orderField: p.order_field,
        orderType: p.order_type,
        page,
        limit: clampLimit(p.limit),
        ...(p.status !== undefined ? { status: p.status } : {}),
        ...(p.role !== undefined ? { role: p.role } : {}),
      };
      return paged(await d.users.list(q, ctx.origin, ctx.lang), page);
    }),
    manage(paths.adminUserDetail, 'read', async (p, ctx) => ok(await d.users.detail(p.user_id, ctx.origin, ctx.lang))),
    manage(paths.adminUserAdd, 'write', async (p, ctx, me) => {
      const id = await d.users.add(me, p);
      await auditUser(me, ctx, 'user.add', id, { account: p.account, role: p.role ?? 0 });
      return ok(await d.users.detail(id, ctx.origin, ctx.lang), 'common.saved');
    }),
    manage(paths.adminUserEdit, 'write', async (p, ctx, me) => {
      const { user_id, ...fields } = p;
      const changed = await d.users.edit(me, user_id, fields);
      if (changed.length) await auditUser(me, ctx, 'user.edit', user_id, { fields: changed });
      return ok(await d.users.detail(user_id, ctx.origin, ctx.lang), 'common.saved');
    }),
    manage(paths.adminUserDel, 'write', async (p, ctx, me) => {
      await d.users.del(me, p.user_id);
      await auditUser(me, ctx, 'user.del', p.user_id);
      return ok('', 'admin.deleted');
    }),
    manage(paths.adminUserSetStatus, 'write', async (p, ctx, me) => {
      await d.users.setStatus(p.user_id, p.status);
      await auditUser(me, ctx, 'user.setStatus', p.user_id, { status: p.status });
      return ok('', 'common.saved');
    }),
    manage(paths.adminUserSetRole, 'super', async (p, ctx, me) => {
      const from = await d.users.setRole(me, p.user_id, p.role);
      await auditUser(me, ctx, 'user.setRole', p.user_id, { role: p.role, from });
      return ok('', 'common.saved');
    }),
    manage(paths.adminUserEditPassword, 'write', async (p, ctx, me) => {
      await d.users.editPassword(me, p.user_id, p.password);
      await auditUser(me, ctx, 'user.editPassword', p.user_id);
      return ok('', 'common.saved');
    }),

    // ---- groups
    manage(paths.adminGroupIndex, 'read', async (p, ctx) => {
      const page = clampPage(p.page);
      return paged(
        await d.groups.adminList(
          {
            keywords: p.keywords,
            orderField: p.order_field,
            orderType: p.order_type,
            page,
            limit: clampLimit(p.limit),
          },
          ctx.origin,
        ),
        page,
      );
    }),
    manage(paths.adminGroupUserList, 'read', async (p, ctx) => {
      const page = clampPage(p.page);
      return paged(await d.groups.adminMembers(p.group_id, page, clampLimit(p.limit), ctx.origin), page);
    }),
    manage(paths.adminGroupChangeOwner, 'write', async (p, ctx, me) => {
      await d.groups.adminChangeOwner(p.group_id, p.user_id);
      await auditGroup(me, ctx, 'group.changeOwner', p.group_id, { user_id: p.user_id });
      return ok('', 'common.saved');
    }),
    manage(paths.adminGroupSetManager, 'write', async (p, ctx, me) => {
      await d.groups.adminSetManager(p.group_id, p.user_id, p.role, ctx.origin);
      await auditGroup(me, ctx, 'group.setManager', p.group_id, { user_id: p.user_id, role: p.role });
      return ok('', 'common.saved');
    }),
    manage(paths.adminGroupDel, 'write', async (p, ctx, me) => {
      await d.groups.adminDisband(p.group_id);
      await auditGroup(me, ctx, 'group.del', p.group_id);
      return ok('', 'admin.deleted');
    }),
    manage(paths.adminGroupDelUser, 'write', async (p, ctx, me) => {
      await d.groups.adminRemoveMember(me, p.group_id, p.user_id, view(ctx));
      await auditGroup(me, ctx, 'group.delGroupUser', p.group_id, { user_id: p.user_id });
      return ok('', 'common.saved');
    }),
    manage(paths.adminGroupAddUser, 'write', async (p, ctx, me) => {
      await d.groups.adminAddMembers(me, p.group_id, p.user_ids, view(ctx));
      await auditGroup(me, ctx, 'group.addGroupUser', p.group_id, { user_ids: p.user_ids });
      return ok('', 'common.saved');
    }),

    // ---- messages: every read is itself audited (an administrator reading others' chats)
    manage(paths.adminMessageIndex, 'read', async (p, ctx, me) => {
      const r = await d.messages.list(
        {
          ...(p.user_id ? { userId: p.user_id } : {}),
          ...(p.toContactId ? { toContactId: p.toContactId } : {}),
          isGroup: p.is_group,
          type: p.type,
          keywords: p.keywords,
          ...(p.last_id ? { lastId: p.last_id } : {}),
          page: clampPage(p.page),
          limit: clampLimit(p.limit),
        },
        view(ctx),
      );
      const chat = d.messages.chatOf(p.user_id, p.toContactId);
      await audit(me, ctx, {
        action: 'message.index',
        targetType: chat ? 'chat' : p.user_id ? 'user' : '',
        targetId: chat ?? p.user_id ?? '',
        detail: { type: p.type, keywords: p.keywords, page: r.page },
      });
      return { data: r.data, count: r.count, page: r.page };
    }),
    manage(paths.adminMessageContacts, 'read', async (p, ctx, me) => {
      const user = await d.getUser(p.user_id);
      if (!user || user.delete_time !== 0) throw new AppError(400, 'common.notFound');
      const kw = p.keywords.toLowerCase();
      const all = (await d.contactsOf(user, view(ctx))).filter(
        (c) =>
          c.is_group !== ContactKind.adminNotice &&
          (!p.hasConvo || c.lastContent !== '') &&
          (!kw || [c.displayName, c.name_py ?? '', c.account ?? ''].some((s) => s.toLowerCase().includes(kw))),
      );
      const page = clampPage(p.page);
      const limit = clampLimit(p.limit);
      await auditUser(me, ctx, 'message.getContacts', p.user_id, { hasConvo: p.hasConvo });
      return { data: all.slice((page - 1) * limit, page * limit), count: all.length, page };
    }),
    manage(paths.adminDealMsg, 'write', async (p, ctx, me) => {
      const row = await d.messages.find(p.id);
      if (!row) throw new AppError(400, 'chat.msgNotFound');
      if (p.dealType === 1) await d.messages.remove(row);
      else await d.messages.mask(row, view(ctx));
      await audit(me, ctx, {
        action: p.dealType === 1 ? 'message.delete' : 'message.mask',
        targetType: 'message',
        targetId: row.id,
        detail: { chat: row.chat_identify, from_user: row.from_user, msg_id: row.msg_id },
      });
      return ok('', p.dealType === 1 ? 'admin.deleted' : 'common.saved');
    }),

    // ---- invitations, mail, audit log
    manage(paths.adminGetInviteLink, 'write', async (_p, ctx, me) => {
      const code = await d.inviteCode(me.id);
      await audit(me, ctx, { action: 'config.getInviteLink', targetType: 'invite', targetId: code });
      return ok(`${ctx.origin}/#/register?inviteCode=${code}`);
    }),
    manage(paths.adminSendTestEmail, 'write', async (p, ctx, me) => {
      await d.sendTestEmail(p.email, ctx.lang);
      await audit(me, ctx, { action: 'config.sendTestEmail', detail: { email: p.email } });
      return ok('', 'admin.testMailSent');
    }),
    manage(paths.adminAuditIndex, 'super', async (p) => {
      const page = clampPage(p.page);
      return paged(
        await d.audit.list(
          { action: p.action, ...(p.actor_id ? { actorId: p.actor_id } : {}) },
          page,
          clampLimit(p.limit),
        ),
        page,
      );
    }),
  ];
}
