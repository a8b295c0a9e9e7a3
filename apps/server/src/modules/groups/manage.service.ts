import {
  newMessageId,
  formatMsg,
  GroupRole,
  groupSettingValues,
  isAdmin,
  limits,
  noSpeakTimerSeconds,
  type EventLine,
  type GroupSetting,
  type SocketEventMap,
  type SocketEventType,
} from '@parley/protocol';
import { nowSeconds } from '../../platform/clock';
import { withTx } from '../../platform/db/index';
import { AppError, badParam } from '../../platform/http/errors';
import type { RequestView } from '../../platform/http/router';
import { parseGroupSetting } from '../contacts/index';
import { clearGroupChat, sanitizeText } from '../messages/index';
import { avatarUrl, namePy, type UserRow } from '../users/index';
import { wireId, type GroupContext, type GroupsDeps } from './context';
import * as repo from './groups.repo';
import { changeRecipients, disbandRecipients } from './recipients';

/** Settings and roles of a group (PROTOCOL §6) and my card in it (§3.2 `updateCard`). */
export function createManagement(deps: GroupsDeps, ctx: GroupContext) {
  const { db, clock, events } = deps;

  /** One update in a transaction, then `type` → the members at commit. */
  async function change<T extends SocketEventType>(
    groupId: number,
    write: (tx: typeof db) => Promise<void>,
    type: T,
    data: SocketEventMap[T],
  ) {
    await withTx(
      db,
      async (tx, onCommit) => {
        await write(tx);
        const members = await ctx.members(groupId, tx);
        onCommit(() => events.toUsers(changeRecipients(members), type, data));
      },
      deps.log,
    );
  }

  /** Only the known keys, each with one of its allowed values; numbers and booleans read as strings. */
  function normaliseSetting(input: Record<string, unknown>, current: GroupSetting): GroupSetting {
    const out: GroupSetting = { ...current };
    for (const [key, raw] of Object.entries(input)) {
      const allowed = groupSettingValues[key];
      if (!allowed) continue;
      const v =
        typeof raw === 'boolean'
          ? raw
            ? '1'
            : '0'
          : typeof raw === 'number' || typeof raw === 'string'
            ? String(raw).trim()
            : undefined;
      if (v === undefined || !allowed.includes(v)) throw badParam(`setting.${key}`);
      out[key] = v;
    }
    return out;
  }

  /** The announcement as a chat message mentioning everyone; cut to the text limit when the notice is long. */
  function noticeMessage(notice: string, text: string, r: RequestView): string {
    const prefix = `${formatMsg('group.noticePrefix', r.lang)}@all `;
    if (prefix.length + text.length <= limits.textMessage) return `${prefix}${notice}`;
    const cut = text.slice(0, limits.textMessage - prefix.length - 1);
    return `${prefix}${cut.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}…`;
  }

  return {
    async editName(me: UserRow, groupId: number, name: string): Promise<void> {
      await ctx.managed(me, groupId);
      if (name.length < limits.groupName.min || name.length > limits.groupName.max) throw badParam('displayName');
      await change(
        groupId,
        (tx) => repo.updateGroup(tx, groupId, { name, name_py: namePy(name) }, nowSeconds(clock)),
        'editGroupName',
        { id: wireId(groupId), displayName: name, editUserName: me.realname },
      );
    },

    async setManager(me: UserRow, groupId: number, userId: number, role: number, origin: string): Promise<void> {
      await ctx.owned(me, groupId);
      if (role !== GroupRole.manager && role !== GroupRole.member) throw badParam('role');
      const t = await ctx.target(groupId, userId);
      if (t.role === GroupRole.owner) throw new AppError(400, 'common.noPermission');
      const u = await deps.users.get(userId);
      await change(groupId, (tx) => repo.updateMember(tx, groupId, userId, { role }), 'setManager', {
        group_id: wireId(groupId),
        user_id: userId,
        role,
        avatar: avatarUrl(origin, u?.avatar ?? ''),
      });
    },

    async setNoSpeak(me: UserRow, groupId: number, userId: number, timer: number, days: number): Promise<void> {
      const { member } = await ctx.managed(me, groupId);
      const t = await ctx.target(groupId, userId);
      if (t.role <= member.role) throw new AppError(400, 'common.noPermission');
      let seconds = 0;
      if (timer !== 0) {
        seconds = noSpeakTimerSeconds[timer] ?? -1;
        if (seconds < 0) throw badParam('noSpeakTimer');
      } else if (days !== 0) {
        if (days < 1 || days > 365) throw badParam('noSpeakDay');
        seconds = days * 86400;
      }
      const until = seconds === 0 ? 0 : nowSeconds(clock) + seconds;
      await change(groupId, (tx) => repo.updateMember(tx, groupId, userId, { no_speak_time: until }), 'setNoSpeak', {
        group_id: wireId(groupId),
        user_id: userId,
        no_speak_time: until,
      });
    },

    async setNotice(me: UserRow, groupId: number, notice: string, r: RequestView): Promise<void> {
      await ctx.managed(me, groupId);
      const clean = sanitizeText(notice, [r.origin]);
      if (clean.length === 0) throw badParam('notice');
      if (clean.length > limits.groupNotice) throw new AppError(400, 'chat.tooLong');
      await change(
        groupId,
        (tx) => repo.updateGroup(tx, groupId, { notice: clean.html }, nowSeconds(clock)),
        'setNotice',
        { group_id: wireId(groupId), notice: clean.html },
      );
      const text = clean.html
        .replace(/<[^>]*>/g, '')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&');
      try {
        await deps.messages.send(
          me,
          {
            id: newMessageId(),
            type: 'text',
            content: noticeMessage(clean.html, text, r),
            toContactId: { kind: 'group', id: groupId },
            at: [0],
          },
          r,
        );
      } catch (err) {
        // The notice is saved and pushed; a manager muted by the owner just gets no chat line.
        if (!(err instanceof AppError)) throw err;
      }
    },

    async setting(me: UserRow, groupId: number, input: Record<string, unknown>): Promise<void> {
      const { group } = await ctx.owned(me, groupId);
      const setting = normaliseSetting(input, parseGroupSetting(group.setting));
      await change(
        groupId,
        (tx) => repo.updateGroup(tx, groupId, { setting: JSON.stringify(setting) }, nowSeconds(clock)),
        'groupSetting',
        { group_id: wireId(groupId), setting },
      );
    },

    /** Hands the group over; the chat gets an event line saying so (protocol event-lines.ts). */
    async changeOwner(me: UserRow, groupId: number, userId: number, r: RequestView): Promise<void> {
      await ctx.owned(me, groupId);
      if (userId === me.id) throw badParam('user_id');
      await ctx.target(groupId, userId);
      const heir = await deps.users.get(userId);
      const line: EventLine = {
        key: 'group.eventOwnerChanged',
        params: { name: me.realname, target: heir?.realname ?? '' },
      };
      await withTx(
        db,
        async (tx, onCommit) => {
          await repo.updateMember(tx, groupId, userId, { role: GroupRole.owner });
          await repo.updateMember(tx, groupId, me.id, { role: GroupRole.member });
          await repo.updateGroup(tx, groupId, { owner_id: userId }, nowSeconds(clock));
          const row = await ctx.eventRow(tx, groupId, me, line, r.lang);
          const members = await ctx.members(groupId, tx);
          onCommit(async () => {
            await events.toUsers(changeRecipients(members), 'changeOwner', {
              group_id: wireId(groupId),
              user_id: userId,
            });
            await ctx.pushRow(groupId, me, row, members, r);
          });
        },
        deps.log,
      );
    },

    /** Owner or a system administrator (who need not be a member). */
    async clear(me: UserRow, groupId: number): Promise<void> {
      const group = await ctx.group(groupId);
      if (group.owner_id !== me.id && !isAdmin(me)) throw new AppError(400, 'group.ownerOnly');
      await change(groupId, (tx) => clearGroupChat(tx, wireId(groupId), groupId), 'clearMessage', {
        group_id: wireId(groupId),
      });
    },

    /** Disband: the members at the moment of deletion hear `removeGroup` once it is committed. */
    async removeGroup(me: UserRow, groupId: number): Promise<void> {
      await ctx.owned(me, groupId);
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

    async updateCard(me: UserRow, groupId: number, nickname: string): Promise<void> {
      await ctx.mine(me, groupId);
      if (nickname.length > 32) throw badParam('nickname');
      await change(groupId, (tx) => repo.updateMember(tx, groupId, me.id, { nickname }), 'updateCard', {
        group_id: wireId(groupId),
        user_id: me.id,
        nickname,
      });
    },
  };
}
