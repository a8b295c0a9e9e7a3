import { ContactKind, GroupRole, isGroupManager, newMessageId } from '@parley/protocol';
import type { EventLine, Lang, Message } from '@parley/protocol';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock';
import type { DB } from '../../platform/db/index';
import type { Events } from '../../platform/events';
import { AppError } from '../../platform/http/errors';
import type { RequestView } from '../../platform/http/router';
import type { ConfigService } from '../config/index';
import { groupWireId, prefsRepo, renderEventLine, type ContactSet, type Contacts } from '../contacts/index';
import { dropGroupChat, messagesRepo, toMessage, type Messages } from '../messages/index';
import type { UserRow, UsersService } from '../users/index';
import * as repo from './groups.repo';
import * as memberReads from './member-reads.repo';
import type { GroupRow, MemberRow } from './member-reads.repo';
import { addGroupRecipients } from './recipients';

/** What every groups service needs, and the lookups and pushes they share. */
export interface GroupsDeps {
  db: Kysely<DB>;
  clock: Clock;
  config: Pick<ConfigService, 'systemInfo' | 'jwtSecret' | 'raw' | 'set'>;
  users: UsersService;
  contactSet: ContactSet;
  contacts: Contacts;
  messages: Messages;
  events: Events;
  log: (err: unknown) => void;
  /** Re-renders the group's avatar after membership changes (off the request path). */
  refreshAvatar: (groupId: number) => void;
}

export type Member = { user_id: number; role: number };

export const wireId = groupWireId;

export function createGroupContext(deps: GroupsDeps) {
  const { db, clock, contacts, events } = deps;

  async function group(groupId: number): Promise<GroupRow> {
    const g = await memberReads.findGroup(db, groupId);
    if (!g) throw new AppError(400, 'group.notFound');
    return g;
  }

  /** The group and my membership in it (`chat.notMember` when I have none). */
  async function mine(me: UserRow, groupId: number): Promise<{ group: GroupRow; member: MemberRow }> {
    const g = await group(groupId);
    const member = await memberReads.membership(db, groupId, me.id);
    if (!member) throw new AppError(400, 'chat.notMember');
    return { group: g, member };
  }

  /** Owner or manager (`group.notManager`). */
  async function managed(me: UserRow, groupId: number) {
    const m = await mine(me, groupId);
    if (!isGroupManager(m.member.role)) throw new AppError(400, 'group.notManager');
    return m;
  }

  /** Owner only (`group.ownerOnly`). */
  async function owned(me: UserRow, groupId: number) {
    const m = await mine(me, groupId);
    if (m.member.role !== GroupRole.owner) throw new AppError(400, 'group.ownerOnly');
    return m;
  }

  /** Another member I act on; unknown to the group → `common.notFound`. */
  async function target(groupId: number, userId: number): Promise<MemberRow> {
    const t = await memberReads.membership(db, groupId, userId);
    if (!t) throw new AppError(400, 'common.notFound');
    return t;
  }

  /** Live, distinct users from `ids` (not me) that are in my contact set (`contact.notFound`). */
  async function reachableUsers(me: UserRow, ids: number[]): Promise<UserRow[]> {
    const out: UserRow[] = [];
    const set = new Set(await deps.contactSet.of(me.id));
    for (const id of [...new Set(ids)].filter((x) => x !== me.id)) {
      const u = await deps.users.get(id);
      if (!deps.users.isLive(u) || !set.has(id)) throw new AppError(400, 'contact.notFound');
      out.push(u);
    }
    return out;
  }

  /** `groupUserMax` when > 0 (`group.memberLimit`). */
  async function checkMax(total: number): Promise<void> {
    const { chatInfo } = await deps.config.systemInfo();
    if (chatInfo.groupUserMax > 0 && total > chatInfo.groupUserMax)
      throw new AppError(400, 'group.memberLimit', { max: chatInfo.groupUserMax });
  }

  /**
   * Inserts a server `event` row inside the caller's transaction; the push is sent by `pushRow` after commit.
   * `content` is the line in the actor's language (PROTOCOL §1.6); `extends.line` keeps its key and
   * params so every reader gets it in their own (protocol event-lines.ts).
   */
  async function eventRow(tx: Kysely<DB>, groupId: number, actor: UserRow, line: EventLine, lang: Lang) {
    const content = renderEventLine(line, lang);
    const ext = JSON.stringify({ line });
    const values = messagesRepo.newMessage({
      id: newMessageId(),
      chat_identify: wireId(groupId),
      from_user: actor.id,
      to_user: groupId,
      is_group: ContactKind.group,
      type: 'event',
      content,
      extends: ext,
      send_time_ms: clock.now(),
    });
    const msgId = await messagesRepo.insertMessage(tx, values);
    await messagesRepo.setLastMsg(tx, values.chat_identify, msgId);
    return { msg_id: msgId, ...values };
  }

  /** A row as `group` to the members, one contactInfo per (role, pin, notify) variant, as sendMessage does. */
  async function pushRow(
    groupId: number,
    actor: UserRow,
    row: Awaited<ReturnType<typeof eventRow>>,
    members: Member[],
    r: RequestView,
  ) {
    const g = await memberReads.findGroup(db, groupId);
    if (!g || members.length === 0) return;
    const v = await contacts.viewerOf(actor, r);
    // The actor as members see them in this group: card and role (3 once they have left).
    const card = await memberReads.membership(db, groupId, actor.id);
    const base: Message = toMessage(row, {
      viewerId: actor.id,
      lang: r.lang,
      origin: r.origin,
      sender: actor,
      senderName: card?.nickname || actor.realname,
      role: card?.role ?? GroupRole.member,
      toContactId: wireId(groupId),
      isLast: true,
      push: true,
    });
    const prefs = new Map((await prefsRepo.prefsForChat(db, wireId(groupId))).map((p) => [p.user_id, p]));
    const last = { content: row.content, type: row.type, sendTime: row.send_time_ms };
    const variants = new Map<string, number[]>();
    for (const m of members) {
      const p = prefs.get(m.user_id);
      const key = `${m.role}|${p?.is_top ?? 0}|${p?.is_notice ?? 1}`;
      variants.set(key, [...(variants.get(key) ?? []), m.user_id]);
    }
    for (const [key, ids] of variants) {
      const contactInfo = contacts.groupPushContact(v, g, Number(key.split('|')[0]), prefs.get(ids[0] ?? 0), last);
      await events.toUsers(ids, 'group', { ...base, contactInfo });
    }
  }

  /** `addGroup` (the group contact, per role) → new members; `lastContent` as given. */
  async function pushAddGroup(
    groupId: number,
    actor: UserRow,
    newMembers: Member[],
    lastContent: string,
    r: RequestView,
  ) {
    const g = await memberReads.findGroup(db, groupId);
    if (!g) return;
    const v = await contacts.viewerOf(actor, r);
    const last = { content: lastContent, type: 'event', sendTime: clock.now() };
    for (const role of Object.values(GroupRole)) {
      const ids = addGroupRecipients(newMembers, role);
      if (ids.length > 0) await events.toUsers(ids, 'addGroup', contacts.groupPushContact(v, g, role, undefined, last));
    }
  }

  /** New members see messages from the newest one on (the history rule's boundary). */
  async function addMembers(
    tx: Kysely<DB>,
    groupId: number,
    members: Array<Member & { invite_id: number }>,
    now: number,
  ): Promise<void> {
    await repo.insertMembers(tx, groupId, members, await messagesRepo.lastMsgId(tx, wireId(groupId)), now);
  }

  /** Deletes the group with its conversation. */
  async function dissolve(tx: Kysely<DB>, groupId: number): Promise<void> {
    await dropGroupChat(tx, wireId(groupId), groupId);
    await prefsRepo.deleteChatPrefs(tx, wireId(groupId));
    await repo.deleteGroup(tx, groupId);
  }

  /** Active members now (recipients of pushes after a commit). */
  const members = (groupId: number, tx: Kysely<DB> = db): Promise<Member[]> => memberReads.activeMembers(tx, groupId);

  return {
    group,
    mine,
    managed,
    owned,
    target,
    reachableUsers,
    checkMax,
    eventRow,
    pushRow,
    pushAddGroup,
    addMembers,
    dissolve,
    members,
  };
}
export type GroupContext = ReturnType<typeof createGroupContext>;
