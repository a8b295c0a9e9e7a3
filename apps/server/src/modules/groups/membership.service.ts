import {
  defaultGroupSetting,
  formatMsg,
  GroupRole,
  isAdmin,
  isGroupManager,
  limits,
  Role,
  type Contact,
  type EventLine,
} from '@parley/protocol';
import { nowSeconds } from '../../platform/clock';
import { isUniqueViolation, withTx } from '../../platform/db/index';
import { AppError, badParam } from '../../platform/http/errors';
import type { RequestView } from '../../platform/http/router';
import { parseGroupSetting } from '../contacts/index';
import { namePy, avatarUrl, type UserRow } from '../users/index';
import { wireId, type GroupContext, type GroupsDeps, type Member } from './context';
import * as repo from './groups.repo';
import { announceJoin, removeAndAnnounce } from './member-changes';
import { addGroupUserRecipients } from './recipients';

/** Who is in a group (PROTOCOL §6): create, invite, join by QR grant, leave and remove. */
export function createMembership(deps: GroupsDeps, ctx: GroupContext) {
  const { db, clock, config, contacts } = deps;

  return {
    async create(me: UserRow, userIds: number[], name: string, r: RequestView): Promise<Contact> {
      const { chatInfo } = await config.systemInfo();
      if (chatInfo.groupChat !== 1 && !isAdmin(me)) throw new AppError(400, 'group.createDisabled');
      const others = [...new Set(userIds)].filter((id) => id !== me.id);
      if (me.role === Role.user) {
        if (others.length < 2) throw new AppError(400, 'group.atLeastTwo');
        if (me.group_limit < 0 || (me.group_limit > 0 && (await repo.ownedCount(db, me.id)) >= me.group_limit)) {
          throw new AppError(400, 'group.createLimit');
        }
      }
      if (name.length > limits.groupName.max) throw badParam('name');
      const users = await ctx.reachableUsers(me, others);
      await ctx.checkMax(users.length + 1);
      const groupName = name || formatMsg('group.defaultName', r.lang);
      const now = nowSeconds(clock);
      const members: Member[] = [
        { user_id: me.id, role: GroupRole.owner },
        ...users.map((u) => ({ user_id: u.id, role: GroupRole.member })),
      ];
      const groupId = await withTx(
        db,
        async (tx, onCommit) => {
          const id = await repo.insertGroup(tx, {
            name: groupName,
            name_py: namePy(groupName),
            owner_id: me.id,
            setting: JSON.stringify(defaultGroupSetting),
            now,
          });
          await ctx.addMembers(
            tx,
            id,
            members.map((m) => ({ ...m, invite_id: me.id })),
            now,
          );
          const row = await ctx.eventRow(
            tx,
            id,
            me,
            { key: 'group.eventCreated', params: { name: me.realname } },
            r.lang,
          );
          onCommit(async () => {
            await ctx.pushAddGroup(id, me, members, row.content, r);
            deps.refreshAvatar(id);
          });
          return id;
        },
        deps.log,
      );
      return contacts.groupContactFor(me, groupId, await contacts.viewerOf(me, r));
    },

    async invite(me: UserRow, groupId: number, userIds: number[], r: RequestView): Promise<void> {
      const { group, member } = await ctx.mine(me, groupId);
      if (parseGroupSetting(group.setting).invite !== '1' && !isGroupManager(member.role))
        throw new AppError(400, 'group.inviteClosed');
      const wanted = [...new Set(userIds)];
      if (wanted.length === 0) throw badParam('user_ids');
      if (wanted.length > limits.addToGroupPerCall) throw new AppError(400, 'group.inviteLimit');
      const current = new Set(await repo.memberIds(db, groupId));
      const users = await ctx.reachableUsers(
        me,
        wanted.filter((id) => !current.has(id)),
      );
      if (users.length === 0) return;
      await ctx.checkMax(current.size + users.length);
      const now = nowSeconds(clock);
      await withTx(
        db,
        async (tx, onCommit) => {
          const before = await ctx.members(groupId, tx);
          await ctx.addMembers(
            tx,
            groupId,
            users.map((u) => ({ user_id: u.id, role: GroupRole.member, invite_id: me.id })),
            now,
          );
          const line = {
            key: 'group.eventInvited',
            params: { name: me.realname, names: users.map((u) => u.realname) },
          } as const;
          const row = await ctx.eventRow(tx, groupId, me, line, r.lang);
          const after = await ctx.members(groupId, tx);
          onCommit(async () => {
            const added = users.map((u) => ({ user_id: u.id, role: GroupRole.member }));
            await ctx.pushAddGroup(groupId, me, added, formatMsg('group.invitedYou', r.lang, { name: me.realname }), r);
            const data = {
              group_id: wireId(groupId),
              user_ids: users.map((u) => u.id),
              invite_id: me.id,
              avatar: avatarUrl(r.origin, group.avatar || '/static/img/group.png'),
            };
            await deps.events.toUsers(addGroupUserRecipients(before), 'addGroupUser', data);
            await ctx.pushRow(groupId, me, row, after, r);
            deps.refreshAvatar(groupId);
          });
        },
        deps.log,
      );
    },

    /** joinGroup: through a live join grant whose inviter may still invite (§6, §3.3). */
    async join(me: UserRow, groupId: number, inviteUid: number | undefined, r: RequestView): Promise<void> {
      const group = await ctx.group(groupId);
      const current = new Set(await repo.memberIds(db, groupId));
      if (current.has(me.id)) throw new AppError(400, 'group.alreadyMember');
      const now = nowSeconds(clock);
      const inviters = (await repo.liveGrantInviters(db, me.id, groupId, now)).filter(
        (id) => inviteUid === undefined || id === inviteUid,
      );
      const invite = parseGroupSetting(group.setting).invite;
      let inviterId = 0;
      for (const id of inviters) {
        const m = current.has(id) ? await ctx.target(groupId, id) : undefined;
        if (m && (invite === '1' || isGroupManager(m.role))) {
          inviterId = id;
          break;
        }
      }
      if (!inviterId) throw new AppError(400, 'group.joinClosed');
      await ctx.checkMax(current.size + 1);
      // Two joins of one person at once: the second insert loses on the unique pair and answers
      // as if it had come a moment later.
      await withTx(
        db,
        async (tx, onCommit) => {
          const before = await ctx.members(groupId, tx);
          await ctx
            .addMembers(tx, groupId, [{ user_id: me.id, role: GroupRole.member, invite_id: inviterId }], now)
            .catch((err: unknown) => {
              throw isUniqueViolation(err) ? new AppError(400, 'group.alreadyMember') : err;
            });
          await announceJoin(deps, ctx, tx, onCommit, { group, user: me, inviterId, before, r });
        },
        deps.log,
      );
    },

    /** removeUser: leaving (anyone but the owner) or removing someone of a lower role (owner/manager). */
    async remove(me: UserRow, groupId: number, userId: number, r: RequestView): Promise<void> {
      const { group, member } = await ctx.mine(me, groupId);
      const leaving = userId === me.id;
      let targetUser: UserRow = me;
      if (leaving) {
        if (member.role === GroupRole.owner) throw new AppError(400, 'group.ownerCannotLeave');
      } else {
        if (!isGroupManager(member.role)) throw new AppError(400, 'group.notManager');
        const t = await ctx.target(groupId, userId);
        if (t.role <= member.role) throw new AppError(400, 'common.noPermission');
        targetUser = (await deps.users.get(userId)) ?? me;
      }
      const line: EventLine = leaving
        ? { key: 'group.eventLeft', params: { name: me.realname } }
        : { key: 'group.eventRemoved', params: { name: me.realname, target: targetUser.realname } };
      await withTx(
        db,
        async (tx, onCommit) => {
          await removeAndAnnounce(deps, ctx, tx, onCommit, { group, actor: me, userId, line, r });
        },
        deps.log,
      );
    },
  };
}
