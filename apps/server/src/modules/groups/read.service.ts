import {
  limits,
  type GroupCandidate,
  type GroupInfo,
  type GroupMemberItem,
  type GroupScanResult,
  type UserSummary,
} from '@parley/protocol';
import { nowSeconds } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import type { RequestView } from '../../platform/http/router';
import { parseGroupSetting, prefsRepo } from '../contacts/index';
import { absoluteUrl, avatarUrl, usersRepo, type UserRow } from '../users/index';
import { wireId, type GroupContext, type GroupsDeps } from './context';
import * as repo from './groups.repo';
import * as memberReads from './member-reads.repo';
import type { GroupRow } from './member-reads.repo';
import { signGroupCode, verifyGroupCode } from './qr';

const pad = (n: number) => String(n).padStart(2, '0');
type UserBits = { id: number; realname: string; account: string; avatar: string; name_py: string };
const summaryOf = (u: UserBits, displayName: string, origin: string): UserSummary => ({
  id: u.id,
  user_id: u.id,
  realname: u.realname,
  displayName: displayName || u.realname,
  account: u.account,
  avatar: avatarUrl(origin, u.avatar),
  name_py: u.name_py,
});

/** What groups look like to a member, to a QR scanner, and the member choosers (PROTOCOL §6, §3.3). */
export function createGroupReader(deps: GroupsDeps, ctx: GroupContext) {
  const { db, clock, contacts } = deps;

  async function info(me: UserRow, group: GroupRow, role: number, r: RequestView): Promise<GroupInfo> {
    const [owner, count, remarks] = await Promise.all([
      deps.users.get(group.owner_id),
      repo.countMembers(db, group.id),
      contacts.remarksOf(me.id, [group.owner_id]),
    ]);
    const ownerName = owner ? remarks.get(owner.id) || owner.realname : '';
    const out: GroupInfo = {
      id: wireId(group.id),
      group_id: wireId(group.id),
      name: group.name,
      displayName: group.name,
      avatar: absoluteUrl(r.origin, group.avatar, '/static/img/group.png'),
      notice: role > 0 ? group.notice : '',
      owner_id: group.owner_id,
      ownerName,
      userInfo: owner ? summaryOf(owner, ownerName, r.origin) : '',
      groupUserCount: count,
      setting: parseGroupSetting(group.setting),
      isJoin: role,
      create_time: group.create_time,
    };
    if (role > 0) {
      const expire = nowSeconds(clock) + limits.qrValidityDays * 86400;
      out.qrUrl = `${r.origin}/scan/g/${signGroupCode(await deps.config.jwtSecret(), group.id, me.id, expire)}`;
      const d = new Date(expire * 1000);
      out.qrExpire = `${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    }
    return out;
  }

  return {
    /** Members see everything; a non-member only with a live join grant, and no QR code. */
    async groupInfo(me: UserRow, groupId: number, r: RequestView): Promise<GroupInfo> {
      const group = await ctx.group(groupId);
      const member = await memberReads.membership(db, groupId, me.id);
      if (member) return info(me, group, member.role, r);
      if ((await repo.liveGrantInviters(db, me.id, groupId, nowSeconds(clock))).length === 0)
        throw new AppError(400, 'chat.notMember');
      return info(me, group, 0, r);
    },

    async userList(
      me: UserRow,
      groupId: number,
      page: number,
      limit: number,
      r: RequestView,
    ): Promise<{ rows: GroupMemberItem[]; count: number }> {
      await ctx.mine(me, groupId);
      const size = Math.max(0, Math.min(limit, limits.pageSizeMax));
      const offset = size > 0 ? (Math.max(page, 1) - 1) * size : 0;
      const [rows, count, prefs] = await Promise.all([
        repo.membersWithUsers(db, groupId, offset, size),
        repo.countMembers(db, groupId),
        prefsRepo.prefsForChat(db, wireId(groupId)),
      ]);
      const remarks = await contacts.remarksOf(
        me.id,
        rows.map((m) => m.user_id),
      );
      const prefOf = new Map(prefs.map((p) => [p.user_id, p]));
      return {
        count,
        rows: rows.map((m) => ({
          id: m.member_id,
          group_id: wireId(groupId),
          user_id: m.user_id,
          role: m.role,
          invite_id: m.invite_id,
          create_time: m.join_time,
          no_speak_time: m.no_speak_time,
          is_notice: prefOf.get(m.user_id)?.is_notice === 0 ? 0 : 1,
          is_top: prefOf.get(m.user_id)?.is_top === 1 ? 1 : 0,
          userInfo: summaryOf({ id: m.user_id, ...m }, m.nickname || remarks.get(m.user_id) || '', r.origin),
        })),
      };
    },

    /** With a group: its members except the owner; else my contact set without me. */
    async candidates(
      me: UserRow,
      chosen: number[],
      groupId: number | undefined,
      origin: string,
    ): Promise<GroupCandidate[]> {
      let ids: number[];
      if (groupId !== undefined) {
        const { group } = await ctx.mine(me, groupId);
        ids = (await repo.memberIds(db, groupId)).filter((id) => id !== group.owner_id);
      } else {
        ids = (await deps.contactSet.of(me.id)).filter((id) => id !== me.id);
      }
      const users = await usersRepo.liveByName(db, ids);
      const remarks = await contacts.remarksOf(
        me.id,
        users.map((u) => u.id),
      );
      const picked = new Set(chosen);
      return users.map((u) => ({
        user_id: u.id,
        id: u.id,
        realname: u.realname,
        displayName: remarks.get(u.id) || u.realname,
        account: u.account,
        avatar: avatarUrl(origin, u.avatar),
        name_py: u.name_py,
        disabled: picked.has(u.id) ? 1 : 0,
      }));
    },

    /** `/scan/g/<code>`: a valid code records a 30-minute join grant (me, group, inviter). */
    async scan(me: UserRow, code: string, r: RequestView): Promise<GroupScanResult> {
      const now = nowSeconds(clock);
      const parsed = verifyGroupCode(await deps.config.jwtSecret(), code, now);
      const group = parsed ? await memberReads.findGroup(db, parsed.groupId) : undefined;
      if (!parsed || !group) throw new AppError(400, 'scan.invalid');
      await repo.saveGrant(db, me.id, group.id, parsed.inviterId, now + limits.joinGrantS);
      return {
        id: wireId(group.id),
        group_id: wireId(group.id),
        name: group.name,
        displayName: group.name,
        avatar: absoluteUrl(r.origin, group.avatar, '/static/img/group.png'),
        groupUserCount: await repo.countMembers(db, group.id),
        invite_id: parsed.inviterId,
        action: 'groupInfo',
      };
    },
  };
}
