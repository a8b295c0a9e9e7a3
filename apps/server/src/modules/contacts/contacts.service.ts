import { isAdmin } from '@parley/protocol';
import type { AdminNotice, Contact, ConversationRef, UserCard, UserListItem } from '@parley/protocol';
import type { Kysely } from 'kysely';
import { nowSeconds, type Clock } from '../../platform/clock';
import type { DB } from '../../platform/db/index';
import type { Events } from '../../platform/events';
import { AppError } from '../../platform/http/errors';
import type { RequestView } from '../../platform/http/router';
import { tickBatcher } from '../../platform/tick-batch';
import type { ConfigService } from '../config/index';
import { avatarUrl, usersRepo, type UserRow, type UsersService } from '../users/index';
import type { ContactSet } from './contact-set';
import { groupBoundary, lastMessages, lastRows, listContacts } from './contact-list';
import type { FriendReads } from './friend-reads';
import type { MessageReads } from './message-reads';
import * as prefsRepo from './prefs.repo';
import { ADMIN_NOTICE, conversationOf, favouritesChatId, singleChatId, type Conversation } from './conversation';
import {
  favouritesContact,
  groupContact,
  noticeContact,
  parseJsonObject,
  personContact,
  type LastMessage,
  type Viewer,
} from './present';
import type { PrefRow } from '../../platform/db/schema-chat';
import type { GroupReads, GroupRow, MyGroupRow } from './group-reads';
import { prefRecipients } from './recipients';

/** Above this many people, remark names are read as the owner's whole (short) list. */
const REMARK_IDS_INLINE = 64;
export interface ContactsDeps {
  db: Kysely<DB>;
  clock: Clock;
  config: Pick<ConfigService, 'systemInfo'>;
  users: UsersService;
  contactSet: ContactSet;
  events: Events;
  /** Which of these users have a live connection (presence registry). */
  online: (userIds: number[]) => Promise<Set<number>>;
  /** Reads of the messages module's tables (messages imports contacts, so not an import). */
  messageReads: MessageReads;
  /** Reads of the friends module's table (friends imports contacts, so not an import). */
  friendReads: FriendReads;
  /** Reads of the groups module's tables (groups imports contacts, so not an import). */
  groupReads: GroupReads;
  /** §18 department names by id (the org module's cached read; org sits above contacts' users). */
  departmentNames: (ids: number[]) => Promise<Map<number, string>>;
}

/** The conversation list, one conversation as a contact, user search, and my per-conversation prefs. */
export function createContacts(deps: ContactsDeps) {
  const { db, clock, config, users, contactSet, events } = deps;
  const reads = deps.messageReads;
  const { friendReads, groupReads } = deps;
  const senderReads = { friendReads, groupReads };
  // A message push reads both parties' prefs and remark names: one query per event-loop turn
  // each, for all the pushes of the sends one group commit stored (on two PostgreSQL nodes a
  // query per tick was two to four statements per send, queueing the sends in the pool; issue 41).
  const prefOf = tickBatcher(
    (pairs: Array<{ userId: number; chatId: string }>) => prefsRepo.prefsOfPairs(db, pairs),
    (p) => `${p.userId}|${p.chatId}`,
    { wait: 'turn' },
  );
  const remarkOf = tickBatcher(
    (pairs: Array<{ owner: number; other: number }>) => friendReads.remarksOfPairs(db, pairs),
    (p) => `${p.owner}|${p.other}`,
    { wait: 'turn' },
  );
  const remarksOf = async (owner: number, ids: number[]): Promise<Map<number, string>> => {
    if (ids.length > REMARK_IDS_INLINE) {
      // A long list (a read list of a big group): one's own remarks are few, and a statement
      // with a thousand parameters cost more to prepare than reading them all (issue 39).
      const all = await friendReads.remarksOf(db, owner);
      const wanted = new Set(ids);
      return new Map([...all].filter(([id]) => wanted.has(id)));
    }
    if (ids.length !== 1) return friendReads.remarksOf(db, owner, ids);
    const other = ids[0] as number;
    const name = await remarkOf({ owner, other });
    return new Map(name ? [[other, name]] : []);
  };

  async function viewerOf(me: UserRow, r: RequestView): Promise<Viewer> {
    const { sysInfo } = await config.systemInfo();
    return { id: me.id, lang: r.lang, origin: r.origin, ipregion: sysInfo.ipregion };
  }

  async function onlineOf(ids: number[]): Promise<Set<number>> {
    const { chatInfo } = await config.systemInfo();
    return chatInfo.online === 0 || ids.length === 0 ? new Set() : deps.online(ids);
  }

  function conversation(me: UserRow, ref: ConversationRef): Conversation {
    const conv = conversationOf(me.id, ref);
    if (!conv) throw new AppError(400, 'contact.notFound');
    return conv;
  }

  /** A person as `me` should list them, with live numbers (getContactInfo, message pushes). */
  async function personContactFor(me: UserRow, other: UserRow, v: Viewer): Promise<Contact> {
    const conv = conversation(me, { kind: 'user', id: other.id });
    const pref = await prefOf({ userId: me.id, chatId: conv.chatId });
    const boundaries = new Map([[conv.chatId, pref?.hide_msg_id ?? 0]]);
    const unreadFrom = new Map([[conv.chatId, Math.max(pref?.hide_msg_id ?? 0, pref?.read_msg_id ?? 0)]]);
    const [rows, unread, remarks, online, full, depNames] = await Promise.all([
      lastRows(db, reads, me.id, boundaries),
      reads.unreadAbove(db, me.id, unreadFrom),
      remarksOf(me.id, [other.id]),
      onlineOf([other.id]),
      contactSet.has(me.id, other.id),
      deps.departmentNames([other.dep_id]),
    ]);
    const last = (await lastMessages(db, senderReads, v, rows, new Map([[other.id, other]]))).get(conv.chatId);
    return personContact(v, {
      user: other,
      remark: remarks.get(other.id) ?? '',
      full: full || isAdmin(me),
      online: online.has(other.id),
      last,
      unread: last ? (unread.get(conv.chatId) ?? 0) : 0,
      pref,
      now: clock.now(),
      depName: depNames.get(other.dep_id) ?? '',
    });
  }

  async function groupContactFor(me: UserRow, groupId: number, v: Viewer): Promise<Contact> {
    const group = await groupReads.findGroup(db, groupId);
    if (!group) throw new AppError(400, 'contact.notFound');
    const member = await groupReads.membership(db, groupId, me.id);
    if (!member) throw new AppError(400, 'chat.notMember');
    const conv = conversation(me, { kind: 'group', id: groupId });
    const pref = await prefsRepo.prefOf(db, me.id, conv.chatId);
    const boundary = groupBoundary({ ...group, join_msg_id: member.join_msg_id }, pref);
    const above = new Map([[conv.chatId, Math.max(boundary, member.read_msg_id, member.join_msg_id)]]);
    const [rows, unread, mentions] = await Promise.all([
      lastRows(db, reads, me.id, new Map([[conv.chatId, boundary]])),
      reads.unreadAbove(db, me.id, above),
      reads.unreadMentionCounts(db, me.id),
    ]);
    const last = (await lastMessages(db, senderReads, v, rows, new Map())).get(conv.chatId);
    return groupContact(v, {
      group,
      role: member.role,
      last,
      unread: last ? (unread.get(conv.chatId) ?? 0) : 0,
      mentions: last ? (mentions.get(groupId) ?? 0) : 0,
      pref,
      now: clock.now(),
    });
  }

  async function favouritesContactFor(me: UserRow, v: Viewer): Promise<Contact> {
    const chatId = favouritesChatId(me.id);
    const rows = await lastRows(db, reads, me.id, new Map([[chatId, 0]]));
    return favouritesContact(v, (await lastMessages(db, senderReads, v, rows, new Map([[me.id, me]]))).get(chatId));
  }

  async function noticeContactFor(v: Viewer): Promise<Contact> {
    const [count, rows] = await Promise.all([
      reads.countInChat(db, ADMIN_NOTICE),
      lastRows(db, reads, v.id, new Map([[ADMIN_NOTICE, 0]])),
    ]);
    return noticeContact(v, count, rows.get(ADMIN_NOTICE)?.send_time_ms);
  }

  async function setPref(
    me: UserRow,
    ref: ConversationRef,
    patch: { is_top?: 0 | 1; is_notice?: 0 | 1 },
  ): Promise<Conversation> {
    const conv = conversation(me, ref);
    if (conv.kind === 'group' && !(await groupReads.membership(db, conv.groupId, me.id)))
      throw new AppError(400, 'chat.notMember');
    if (conv.kind === 'user' && !users.isLive(await users.get(conv.peerId)))
      throw new AppError(400, 'contact.notFound');
    await prefsRepo.upsertPref(db, me.id, conv.chatId, patch, nowSeconds(clock));
    return conv;
  }

  /** `other` as `owner` should list them in a message push: the pushed row is the last, unread left to the client. */
  async function personPushContact(owner: UserRow, other: UserRow, v: Viewer, last: LastMessage): Promise<Contact> {
    const chatId = singleChatId(owner.id, other.id);
    const [pref, remarks, online, full, depNames] = await Promise.all([
      prefOf({ userId: owner.id, chatId }),
      remarksOf(owner.id, [other.id]),
      onlineOf([other.id]),
      contactSet.has(owner.id, other.id),
      deps.departmentNames([other.dep_id]),
    ]);
    return personContact(v, {
      user: other,
      remark: remarks.get(other.id) ?? '',
      full: full || isAdmin(owner),
      online: online.has(other.id),
      last,
      unread: 0,
      pref,
      now: clock.now(),
      depName: depNames.get(other.dep_id) ?? '',
    });
  }

  /**
   * A one-to-one message push names each party to the other (§4.4): both contacts at once, from
   * one settings read, one presence read and one tick-batched read of each side's prefs and remark
   * name. In runMode 1 everyone active is a contact, which the two user rows (as authentication
   * reads them) already tell. `nameOfA` is b's remark for a ('' when none).
   */
  async function personPushPair(
    a: UserRow,
    b: UserRow,
    r: RequestView,
    last: LastMessage,
  ): Promise<{ toA: Contact; toB: Contact; nameOfA: string }> {
    const { sysInfo, chatInfo } = await config.systemInfo();
    const chatId = singleChatId(a.id, b.id);
    const everyoneActive = sysInfo.runMode === 1;
    const [prefA, prefB, remarkA, remarkB, online, aHasB, bHasA, depNames] = await Promise.all([
      prefOf({ userId: a.id, chatId }),
      prefOf({ userId: b.id, chatId }),
      remarkOf({ owner: a.id, other: b.id }),
      remarkOf({ owner: b.id, other: a.id }),
      chatInfo.online === 0 ? new Set<number>() : deps.online([a.id, b.id]),
      everyoneActive ? users.isLive(b) : contactSet.has(a.id, b.id),
      everyoneActive ? users.isLive(a) : contactSet.has(b.id, a.id),
      deps.departmentNames([a.dep_id, b.dep_id]),
    ]);
    const now = clock.now();
    /** `other` as `owner` lists them. */
    const contactOf = (owner: UserRow, other: UserRow, remark: string, hasOther: boolean, pref: PrefRow | undefined) =>
      personContact(
        { id: owner.id, lang: r.lang, origin: r.origin, ipregion: sysInfo.ipregion },
        {
          user: other,
          remark,
          full: hasOther || isAdmin(owner),
          online: online.has(other.id),
          last,
          unread: 0,
          pref,
          now,
          depName: depNames.get(other.dep_id) ?? '',
        },
      );
    return {
      toA: contactOf(a, b, remarkA ?? '', aHasB, prefA),
      toB: contactOf(b, a, remarkB ?? '', bHasA, prefB),
      nameOfA: remarkB ?? '',
    };
  }

  return {
    viewerOf,
    personPushContact,
    personPushPair,
    /** A group as one recipient group (same role and prefs) lists it in a message push. */
    groupPushContact: (
      v: Viewer,
      group: GroupRow,
      role: number,
      pref: PrefRow | undefined,
      last: LastMessage,
    ): Contact => groupContact(v, { group, role, last, unread: 0, mentions: 0, pref, now: clock.now() }),
    remarksOf,
    personContactFor,
    groupContactFor,
    favouritesContactFor,

    /** What name search looks through: my contact set by name, with my remark names. */
    async searchables(me: UserRow) {
      const [users, remarks] = await Promise.all([contactSet.names(me.id), friendReads.remarksOf(db, me.id)]);
      return { users, remarks };
    },

    /**
     * These people of my contact set and these groups of mine (rows of `groupsOfUser`) as
     * getContacts lists them, without building the rest of the list (search results). People
     * outside my contact set are left out.
     */
    async listSome(me: UserRow, r: RequestView, userIds: number[], groups: MyGroupRow[]): Promise<Contact[]> {
      if (userIds.length === 0 && groups.length === 0) return [];
      // runMode 1: the contact set is every live user, and listContacts keeps live users only, so
      // the membership test would be one more round trip for nothing.
      const { sysInfo } = await config.systemInfo();
      const contactIds =
        sysInfo.runMode === 1
          ? userIds
          : (await Promise.all(userIds.map(async (id) => ((await contactSet.has(me.id, id)) ? [id] : [])))).flat();
      const online = await onlineOf(contactIds);
      const v = await viewerOf(me, r);
      return (
        await listContacts({
          db,
          reads,
          friendReads,
          groupReads,
          viewer: v,
          contactIds,
          online,
          now: clock.now(),
          only: { groups },
          departmentNames: deps.departmentNames,
        })
      ).data;
    },

    async list(me: UserRow, r: RequestView) {
      const contactIds = await contactSet.of(me.id);
      return listContacts({
        db,
        reads,
        friendReads,
        groupReads,
        viewer: await viewerOf(me, r),
        contactIds,
        online: await onlineOf(contactIds),
        now: clock.now(),
        departmentNames: deps.departmentNames,
      });
    },

    async info(me: UserRow, ref: ConversationRef, r: RequestView): Promise<Contact> {
      const v = await viewerOf(me, r);
      const conv = conversation(me, ref);
      switch (conv.kind) {
        case 'group':
          return groupContactFor(me, conv.groupId, v);
        case 'favourites':
          return favouritesContactFor(me, v);
        case 'admin_notice':
          return noticeContactFor(v);
        case 'user': {
          const other = conv.peerId === me.id ? me : await users.get(conv.peerId);
          if (!users.isLive(other)) throw new AppError(400, 'contact.notFound');
          return personContactFor(me, other, v);
        }
      }
    },

    /** Exact account match, not me; full account (the searcher typed it). */
    async searchUser(me: UserRow, keywords: string, r: RequestView, unknownPlace: string): Promise<UserCard[]> {
      if (!keywords) return [];
      const found = await usersRepo.liveByAccount(db, keywords);
      if (!found || found.id === me.id) return [];
      const card = await users.card(me, found.id, r.origin, unknownPlace);
      return [{ ...card, account: found.account }];
    },

    async userList(me: UserRow, keywords: string, page: number, limit: number, origin: string) {
      const ids = await contactSet.of(me.id);
      const [rows, remarks] = await Promise.all([usersRepo.liveContactRows(db, ids), friendReads.remarksOf(db, me.id)]);
      const kw = keywords.toLowerCase();
      const matches = rows
        .filter((u) => !kw || [u.account, u.realname, u.name_py].some((s) => s.toLowerCase().includes(kw)))
        .sort((a, b) => a.name_py.localeCompare(b.name_py) || a.id - b.id);
      const size = Math.min(Math.max(limit, 1), 100);
      const p = Math.max(page, 1);
      const data: UserListItem[] = matches
        .slice((p - 1) * size, p * size)
        .map((u) => ({
          id: u.id,
          user_id: u.id,
          realname: u.realname,
          displayName: remarks.get(u.id) || u.realname,
          avatar: avatarUrl(origin, u.avatar),
        }));
      return { data, count: matches.length, page: p };
    },

    async setChatTop(me: UserRow, ref: ConversationRef, isTop: 0 | 1): Promise<void> {
      const conv = await setPref(me, ref, { is_top: isTop });
      await events.toUsers(prefRecipients(me.id), 'setChatTop', {
        id: conv.wireId,
        is_top: isTop,
        is_group: conv.isGroup,
      });
    },

    async setNotice(me: UserRow, ref: ConversationRef, isNotice: 0 | 1): Promise<void> {
      const conv = await setPref(me, ref, { is_notice: isNotice });
      await events.toUsers(prefRecipients(me.id), 'setIsNotice', {
        id: conv.wireId,
        is_notice: isNotice,
        is_group: conv.isGroup,
      });
    },

    /** Hides the conversation up to its newest row; any newer row shows it again. */
    async delChat(me: UserRow, ref: ConversationRef): Promise<void> {
      const conv = conversation(me, ref);
      const last = (await reads.lastMsgIds(db, [conv.chatId])).get(conv.chatId) ?? 0;
      await prefsRepo.upsertPref(db, me.id, conv.chatId, { hide_msg_id: last }, nowSeconds(clock));
    },

    async adminNotice(): Promise<AdminNotice> {
      const id = (await reads.lastMsgIds(db, [ADMIN_NOTICE])).get(ADMIN_NOTICE) ?? 0;
      const row = id ? (await reads.messagesByMsgIds(db, [id])).get(id) : undefined;
      if (!row) return { title: '', notice: '', create_time: 0 };
      const ext = parseJsonObject(row.extends) ?? {};
      return {
        title: typeof ext.title === 'string' ? ext.title : '',
        notice: typeof ext.notice === 'string' ? ext.notice : row.content,
        create_time: Math.floor(row.send_time_ms / 1000),
      };
    },

    /** For tests and seeding until the friends API exists. */
    makeFriends: (a: number, b: number) => friendReads.makeFriends(db, a, b, nowSeconds(clock)),
  };
}
export type Contacts = ReturnType<typeof createContacts>;
