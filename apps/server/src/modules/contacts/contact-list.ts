import { ContactKind } from '@parley/protocol';
import type { Contact } from '@parley/protocol';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';
import type { MessageRow, PrefRow } from '../../platform/db/schema-chat';
import { usersRepo, type UserRow } from '../users/index';
import type { FriendReads } from './friend-reads';
import type { MessageReads } from './message-reads';
import * as prefsRepo from './prefs.repo';
import type { GroupReads, MyGroupRow } from './group-reads';
import { ADMIN_NOTICE, favouritesChatId, groupChatId, singleChatId } from './conversation';
import {
  favouritesContact,
  groupContact,
  noticeContact,
  parseGroupSetting,
  personContact,
  visibleContent,
  type LastMessage,
  type Viewer,
} from './present';

/**
 * getContacts (PROTOCOL §3.2) in a fixed number of batched queries: no query per conversation
 * except for the rare one whose newest row the viewer hid.
 */

export interface ListInput {
  db: Kysely<DB>;
  reads: MessageReads;
  friendReads: FriendReads;
  groupReads: GroupReads;
  viewer: Viewer;
  contactIds: number[];
  online: Set<number>;
  now: number;
  /** §18 department names by id (org module, handed down). */
  departmentNames: (ids: number[]) => Promise<Map<number, string>>;
  /** Only these groups (my rows of them), and no notice / favourites entries (search results); default: the whole list. */
  only?: { groups: MyGroupRow[] };
}

/** Display boundary of a group for me: my delChat mark, and my join point unless history is open. */
export const groupBoundary = (g: Pick<MyGroupRow, 'join_msg_id' | 'setting'>, pref: PrefRow | undefined): number =>
  Math.max(pref?.hide_msg_id ?? 0, parseGroupSetting(g.setting).history === '1' ? 0 : g.join_msg_id);

/** The newest visible row above `boundary` of each conversation, keyed by chat id. */
export async function lastRows(
  db: Kysely<DB>,
  reads: MessageReads,
  me: number,
  boundaries: Map<string, number>,
  lastIds?: Map<string, number>,
): Promise<Map<string, MessageRow>> {
  lastIds ??= await reads.lastMsgIds(db, [...boundaries.keys()]);
  const wanted = [...lastIds.entries()].filter(([chatId, id]) => id > (boundaries.get(chatId) ?? 0));
  const [rows, hidden] = await Promise.all([
    reads.messagesByMsgIds(
      db,
      wanted.map(([, id]) => id),
    ),
    reads.hiddenAmong(
      db,
      me,
      wanted.map(([, id]) => id),
    ),
  ]);
  const out = new Map<string, MessageRow>();
  for (const [chatId, id] of wanted) {
    const row = hidden.has(id) ? await reads.newestVisible(db, me, chatId, boundaries.get(chatId) ?? 0) : rows.get(id);
    if (row) out.set(chatId, row);
  }
  return out;
}

/** Whose name a group preview carries: others' messages, not event or call lines (Contact.lastSenderName). */
const namesSender = (r: MessageRow, me: number): boolean =>
  r.is_group === ContactKind.group &&
  r.from_user !== me &&
  r.is_undo !== 1 &&
  r.type !== 'event' &&
  r.type !== 'webrtc';

/** The owners' reads that name a preview's sender: my remark name for them, their group card. */
export interface SenderReads {
  friendReads: Pick<FriendReads, 'remarksOf'>;
  groupReads: Pick<GroupReads, 'cardsIn'>;
}

/** Renders rows as lastContent, looking up the senders a recall line or a group preview names. */
export async function lastMessages(
  db: Kysely<DB>,
  { friendReads, groupReads }: SenderReads,
  viewer: Viewer,
  rows: Map<string, MessageRow>,
  known: Map<number, Pick<UserRow, 'realname'>>,
): Promise<Map<string, LastMessage>> {
  const named = [...rows.values()].filter((r) => namesSender(r, viewer.id));
  const missing = [...rows.values()]
    .filter((r) => (r.is_undo === 1 || namesSender(r, viewer.id)) && !known.has(r.from_user))
    .map((r) => r.from_user);
  const [senders, cards, remarks] = await Promise.all([
    missing.length ? usersRepo.byIds(db, missing) : new Map<number, UserRow>(),
    groupReads.cardsIn(
      db,
      named.map((r) => r.to_user),
      named.map((r) => r.from_user),
    ),
    named.length
      ? friendReads.remarksOf(
          db,
          viewer.id,
          named.map((r) => r.from_user),
        )
      : new Map<number, string>(),
  ]);
  const out = new Map<string, LastMessage>();
  for (const [chatId, r] of rows) {
    const name = (known.get(r.from_user) ?? senders.get(r.from_user))?.realname ?? '';
    const senderName = namesSender(r, viewer.id)
      ? remarks.get(r.from_user) || cards.get(r.to_user)?.get(r.from_user)?.nickname || name
      : '';
    out.set(chatId, {
      content: visibleContent(r, viewer.id, viewer.lang, viewer.origin, name),
      type: r.type,
      sendTime: r.send_time_ms,
      senderName,
    });
  }
  return out;
}

export async function listContacts(input: ListInput): Promise<{ data: Contact[]; count: number; page: number }> {
  const { db, reads, friendReads, groupReads, viewer, now } = input;
  const me = viewer.id;
  const only = input.only;
  // A part of the list (search results) knows its conversations up front, so their newest ids
  // come with the first batch, and it needs no request count and no notice entry: each statement
  // saved is a round trip on PostgreSQL.
  const [users, groups, prefRows, pending, mentions, remarks, noticeCount, knownLastIds] = await Promise.all([
    usersRepo.liveContactRows(db, input.contactIds),
    only ? only.groups : groupReads.groupsOfUser(db, me),
    prefsRepo.prefsOf(db, me),
    only ? { count: 0, newest: 0 } : friendReads.pendingRequests(db, me),
    reads.unreadMentionCounts(db, me),
    friendReads.remarksOf(db, me),
    only ? 0 : reads.countInChat(db, ADMIN_NOTICE),
    only
      ? reads.lastMsgIds(db, [
          ...input.contactIds.map((id) => singleChatId(me, id)),
          ...only.groups.map((g) => groupChatId(g.id)),
        ])
      : undefined,
  ]);
  const prefs = new Map(prefRows.map((p) => [p.chat_identify, p]));
  // boundaries: what I see of each chat; unreadFrom: where its unread rows start.
  const boundaries = new Map<string, number>();
  const unreadFrom = new Map<string, number>();
  for (const u of users) {
    const chatId = singleChatId(me, u.id);
    const pref = prefs.get(chatId);
    boundaries.set(chatId, pref?.hide_msg_id ?? 0);
    unreadFrom.set(chatId, Math.max(pref?.hide_msg_id ?? 0, pref?.read_msg_id ?? 0));
  }
  for (const g of groups) {
    const chatId = groupChatId(g.id);
    const boundary = groupBoundary(g, prefs.get(chatId));
    boundaries.set(chatId, boundary);
    unreadFrom.set(chatId, Math.max(boundary, g.read_msg_id, g.join_msg_id));
  }
  boundaries.set(favouritesChatId(me), 0);
  boundaries.set(ADMIN_NOTICE, 0);

  // Only chats with something above their mark are counted: most conversations are read.
  const lastIds = knownLastIds ?? (await reads.lastMsgIds(db, [...boundaries.keys()]));
  const withNew = new Map([...unreadFrom].filter(([chatId, from]) => (lastIds.get(chatId) ?? 0) > from));
  const [rows, unread, depNames] = await Promise.all([
    lastRows(db, reads, me, boundaries, lastIds),
    reads.unreadAbove(db, me, withNew),
    input.departmentNames(users.map((u) => u.dep_id)),
  ]);
  const last = await lastMessages(db, { friendReads, groupReads }, viewer, rows, new Map(users.map((u) => [u.id, u])));

  const data: Contact[] = [];
  for (const u of users) {
    const chatId = singleChatId(me, u.id);
    const visible = last.get(chatId);
    data.push(
      personContact(viewer, {
        user: u,
        remark: remarks.get(u.id) ?? '',
        full: true,
        online: input.online.has(u.id),
        last: visible,
        unread: visible ? (unread.get(chatId) ?? 0) : 0,
        pref: prefs.get(chatId),
        now,
        depName: depNames.get(u.dep_id) ?? '',
      }),
    );
  }
  for (const g of groups) {
    const chatId = groupChatId(g.id);
    const visible = last.get(chatId);
    data.push(
      groupContact(viewer, {
        group: g,
        role: g.role,
        last: visible,
        unread: visible ? (unread.get(chatId) ?? 0) : 0,
        mentions: visible ? (mentions.get(g.id) ?? 0) : 0,
        pref: prefs.get(chatId),
        now,
      }),
    );
  }
  if (!only) {
    data.push(noticeContact(viewer, noticeCount, rows.get(ADMIN_NOTICE)?.send_time_ms));
    data.push(favouritesContact(viewer, last.get(favouritesChatId(me))));
  }
  return { data, count: pending.count, page: pending.newest * 1000 };
}
