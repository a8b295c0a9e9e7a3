import {
  adminDate,
  formatMsg,
  GroupRole,
  limits,
  type AdminGroupMember,
  type AdminGroupRow,
  type EventLine,
  type SocketEventMap,
  type SocketEventType,
} from '@parley/protocol';
import { nowSeconds } from '../../platform/clock';
import { withTx } from '../../platform/db/index';
import { AppError, badParam } from '../../platform/http/errors';
import type { RequestView } from '../../platform/http/router';
import { avatarUrl, type UserRow } from '../users/index';
import * as adminRepo from './admin.repo';
import { wireId, type GroupContext, type GroupsDeps } from './context';
import * as repo from './groups.repo';
import * as memberReads from './member-reads.repo';
import { removeAndAnnounce } from './member-changes';
import { addGroupUserRecipients, changeRecipients, disbandRecipients } from './recipients';

/**
 * What a system administrator does to any group (PROTOCOL §12.3 `group/*`): the same changes
 * and pushes as the owner's own actions (§6), without being a member. The admin module checks
 * the guard; these trust their caller.
 */
export function createGroupAdmin(deps: GroupsDeps, ctx: GroupContext) {
  const { db, clock, events } = deps;

  const toMembers = async <T extends SocketEventType>(
    groupId: number,
    type: T,
    data: SocketEventMap[T],
    extra: number[] = [],
  ) => {
    const members = await ctx.members(groupId);
    await events.toUsers([...changeRecipients(members), ...extra], type, data);
  };

  return {
    async adminList(
      q: { keywords: string; orderField: string; orderType: number; page: number; limit: number },
      origin: string,
    ) {
      const { rows, count } = await adminRepo.listGroups(db, q);
      const owners = new Map<number, UserRow>();
      for (const id of new Set(rows.map((g) => g.owner_id))) {
        const u = await deps.users.get(id);
        if (u) owners.set(id, u);
      }
      const data: AdminGroupRow[] = rows.map((g) => {
        const o = owners.get(g.owner_id);
        return {
          group_id: g.id,
          id: wireId(g.id),
          name: g.name,
          avatar: avatarUrl(origin, g.avatar || '/static/img/group.png'),
          owner_id: g.owner_id,
          owner_id_info: o
            ? { id: o.id, realname: o.realname, account: o.account, avatar: avatarUrl(origin, o.avatar) }
            : null,
          userCount: Number(g.member_count ?? 0),
          notice: g.notice,
          create_time: adminDate(g.create_time),
        };
      });
      return { data, count };
    },

    async adminMembers(groupId: number, page: number, limit: number, origin: string) {
      await ctx.group(groupId);
      const [rows, count] = await Promise.all([
        adminRepo.allMembers(db, groupId, (page - 1) * limit, limit),
        adminRepo.countAllMembers(db, groupId),
      ]);
      const data: AdminGroupMember[] = rows.map((m) => ({
        user_id: m.user_id,
        realname: m.realname,
        account: m.account,
        avatar: avatarUrl(origin, m.avatar),
        role: m.role as 1 | 2 | 3,
        nickname: m.nickname,
        create_time: adminDate(m.create_time),
      }));
      return { data, count };
    },

    async adminChangeOwner(groupId: number, userId: number): Promise<void> {
      const group = await ctx.group(groupId);
      const t = await ctx.target(groupId, userId);
      if (t.role === GroupRole.owner) return;
      await withTx(
        db,
        async (tx, onCommit) => {
          await repo.updateMember(tx, groupId, group.owner_id, { role: GroupRole.member });
          await repo.updateMember(tx, groupId, userId, { role: GroupRole.owner });
          await repo.updateGroup(tx, groupId, { owner_id: userId }, nowSeconds(clock));
          onCommit(() => toMembers(groupId, 'changeOwner', { group_id: wireId(groupId), user_id: userId }));
        },
        deps.log,
      );
    },

    async adminSetManager(groupId: number, userId: number, role: number, origin: string): Promise<void> {
      if (role !== GroupRole.manager && role !== GroupRole.member) throw badParam('role');
      await ctx.group(groupId);
      const t = await ctx.target(groupId, userId);
      if (t.role === GroupRole.owner) throw new AppError(400, 'common.noPermission');
      const u = await deps.users.get(userId);
      await withTx(
        db,
        async (tx, onCommit) => {
          await repo.updateMember(tx, groupId, userId, { role });
          onCommit(() =>
            toMembers(groupId, 'setManager', {
              group_id: wireId(groupId),
              user_id: userId,
              role,
              avatar: avatarUrl(origin, u?.avatar ?? ''),
            }),
          );
        },
        deps.log,
      );
    },

    async adminDisband(groupId: number): Promise<void> {
      await ctx.group(groupId);
      await withTx(
        db,
        async (tx, onCommit) => {
          const members = await ctx.members(groupId, tx);
          await ctx.dissolve(tx, groupId);
          onCommit(() => events.toUsers(disbandRecipients(members), 'removeGroup', { group_id: wireId(groupId) }));
        },
        deps.log,
      );
    },

    async adminRemoveMember(actor: UserRow, groupId: number, userId: number, r: RequestView): Promise<void> {
      const group = await ctx.group(groupId);
      const t = await ctx.target(groupId, userId);
      if (t.role === GroupRole.owner) throw new AppError(400, 'group.ownerCannotLeave');
      const target = await deps.users.get(userId);
      const line: EventLine = {
        key: 'group.eventRemoved',
        params: { name: actor.realname, target: target?.realname ?? '' },
      };
      await withTx(
        db,
        async (tx, onCommit) => {
          await removeAndAnnounce(deps, ctx, tx, onCommit, { group, actor, userId, line, r });
        },
        deps.log,
      );
    },

    async adminAddMembers(actor: UserRow, groupId: number, userIds: number[], r: RequestView): Promise<void> {
      const group = await ctx.group(groupId);
      const wanted = [...new Set(userIds)];
      if (wanted.length === 0) throw badParam('user_ids');
      if (wanted.length > limits.addToGroupPerCall) throw new AppError(400, 'group.inviteLimit');
      const current = new Set(await repo.memberIds(db, groupId));
      const users: UserRow[] = [];
      for (const id of wanted.filter((x) => !current.has(x))) {
        const u = await deps.users.get(id);
        if (!deps.users.isLive(u)) throw new AppError(400, 'contact.notFound');
        users.push(u);
      }
      if (users.length === 0) return;
      await ctx.checkMax(current.size + users.length);
      await withTx(
        db,
        async (tx, onCommit) => {
          const before = await ctx.members(groupId, tx);
          await ctx.addMembers(
            tx,
            groupId,
            users.map((u) => ({ user_id: u.id, role: GroupRole.member, invite_id: actor.id })),
            nowSeconds(clock),
          );
          const row = await ctx.eventRow(
            tx,
            groupId,
            actor,
            { key: 'group.eventInvited', params: { name: actor.realname, names: users.map((u) => u.realname) } },
            r.lang,
          );
          const after = await ctx.members(groupId, tx);
          onCommit(async () => {
            await ctx.pushAddGroup(
              groupId,
              actor,
              users.map((u) => ({ user_id: u.id, role: GroupRole.member })),
              formatMsg('group.invitedYou', r.lang, { name: actor.realname }),
              r,
            );
            const data = {
              group_id: wireId(groupId),
              user_ids: users.map((u) => u.id),
              invite_id: actor.id,
              avatar: avatarUrl(r.origin, group.avatar || '/static/img/group.png'),
            };
            await events.toUsers(addGroupUserRecipients(before), 'addGroupUser', data);
            await ctx.pushRow(groupId, actor, row, after, r);
            deps.refreshAvatar(groupId);
          });
        },
        deps.log,
      );
    },

    /**
     * A deleted account leaves every group (§12.3 `user/del`): a group it owned passes to its
     * longest-standing other member, or is disbanded when nobody is left.
     */
    async dropUser(userId: number): Promise<void> {
      for (const m of await memberReads.groupsOfUser(db, userId)) {
        const groupId = m.id;
        const heir = m.role === GroupRole.owner ? await adminRepo.oldestOtherMember(db, groupId, userId) : undefined;
        if (m.role === GroupRole.owner && heir === undefined) {
          await withTx(db, (tx) => ctx.dissolve(tx, groupId), deps.log);
          continue;
        }
        await withTx(
          db,
          async (tx, onCommit) => {
            await repo.deleteMember(tx, groupId, userId);
            if (heir !== undefined) {
              await repo.updateMember(tx, groupId, heir, { role: GroupRole.owner });
              await repo.updateGroup(tx, groupId, { owner_id: heir }, nowSeconds(clock));
            }
            onCommit(async () => {
              await toMembers(groupId, 'removeUser', { group_id: wireId(groupId), user_id: userId, avatar: '' });
              if (heir !== undefined)
                await toMembers(groupId, 'changeOwner', { group_id: wireId(groupId), user_id: heir });
              deps.refreshAvatar(groupId);
            });
          },
          deps.log,
        );
      }
    },

    adminCount: () => adminRepo.countGroups(db),
  };
}
