import { LINK_FILTER, type ConversationRef, type IsReadRow, type Message, type MessageType } from '@parley/protocol';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock';
import { withTx, type DB } from '../../platform/db/index';
import type { Events } from '../../platform/events';
import { AppError, badParam, checkKeywords } from '../../platform/http/errors';
import type { RequestView } from '../../platform/http/router';
import {
  ADMIN_NOTICE,
  conversationOf,
  conversationOfRow,
  prefsRepo,
  parseGroupSetting,
  visibleContent,
  type Contacts,
  type Conversation,
  type GroupReads,
} from '../contacts/index';
import type { ConfigService } from '../config/index';
import { usersRepo, type UserRow, type UsersService } from '../users/index';
import * as repo from './messages.repo';
import type { MessageRow, RowFilter } from './messages.repo';
import { toMessage } from './present';
import { atListRecipients, readRecipients } from './recipients';
import { appendReadLog } from './read-counts';
import type { ReadLists } from './read-list.service';
import type { GroupReadPushes } from './group-read-push';

export interface ReadDeps {
  db: Kysely<DB>;
  /** `fileUpload.preview` for the file fields of rows. */
  config: Pick<ConfigService, 'systemInfo'>;
  clock: Clock;
  users: UsersService;
  contacts: Contacts;
  events: Events;
  log: (err: unknown) => void;
  /** Reads of the groups module's tables (groups imports messages, so not an import). */
  groupReads: GroupReads;
}

export interface ListParams {
  toContactId: ConversationRef;
  page: number;
  limit: number;
  last_id?: number;
  type?: string;
  keywords?: string;
  is_at: 0 | 1;
}

/** A conversation I may read, and from which message on (the group history rule). */
interface Access {
  conv: Conversation;
  above: number;
  /** Groups: my read mark and its log of moves when access was checked (§17 read times). */
  mark?: { read_msg_id: number; read_log: string };
}

const READ_PUSH_MAX = 100;
const MENTIONS_MAX = 200;
const AT_LIST_RESEND_MS = 60_000;
const clamp = (n: number, min: number, max: number) => Math.min(Math.max(n, min), max);

/** Reading (PROTOCOL §4.5): lists, one message, context, read receipts and mentions. */
export function createReader(deps: ReadDeps, readLists: ReadLists, readPushes: GroupReadPushes) {
  const { db, clock, users, contacts, events, groupReads } = deps;
  // Per-node memo of the last atMsgList sent per (user, group): resend on change or after 60 s.
  const atMemo = new Map<string, { sig: string; at: number }>();

  async function access(me: UserRow, ref: ConversationRef): Promise<Access> {
    const conv = conversationOf(me.id, ref);
    if (!conv) throw new AppError(400, 'contact.notFound');
    if (conv.kind === 'group') {
      const group = await groupReads.findGroup(db, conv.groupId);
      if (!group) throw new AppError(400, 'group.notFound');
      const member = await groupReads.membership(db, conv.groupId, me.id);
      if (!member) throw new AppError(400, 'chat.notMember');
      return { conv, above: parseGroupSetting(group.setting).history === '1' ? 0 : member.join_msg_id, mark: member };
    }
    if (conv.kind === 'user' && (conv.peerId === me.id || !(await users.get(conv.peerId))))
      throw new AppError(400, 'contact.notFound');
    return { conv, above: 0 };
  }

  /** Rows as `me` reads them: sender summaries, roles and remark names fetched once per page. */
  async function present(me: UserRow, rows: MessageRow[], a: Access, r: RequestView): Promise<Message[]> {
    if (rows.length === 0) return [];
    const senderIds = rows.map((x) => x.from_user);
    const [senders, remarks, members, lastId, prefs, readCounts] = await Promise.all([
      usersRepo.byIds(db, senderIds),
      contacts.remarksOf(me.id, senderIds),
      a.conv.kind === 'group'
        ? groupReads.membersByIds(db, a.conv.groupId, senderIds)
        : Promise.resolve(new Map<number, { role: number; nickname: string }>()),
      repo.lastMsgId(db, a.conv.chatId),
      a.conv.kind === 'user' ? prefsRepo.prefsForChat(db, a.conv.chatId) : Promise.resolve(undefined),
      readLists.countsFor(me.id, rows),
    ]);
    // One-to-one: a row is read once its recipient's mark reaches it. Other chats have no receipts.
    const peerId = a.conv.kind === 'user' ? a.conv.peerId : 0;
    const marks = prefs && new Map(prefs.map((p) => [p.user_id, p.read_msg_id]));
    const isRead = (row: MessageRow) =>
      !marks || row.msg_id <= (marks.get(row.from_user === me.id ? peerId : me.id) ?? 0);
    const { fileUpload } = await deps.config.systemInfo();
    return rows.map((row) => {
      const sender = senders.get(row.from_user);
      const m = members.get(row.from_user);
      const message = toMessage(row, {
        viewerId: me.id,
        lang: r.lang,
        origin: r.origin,
        sender,
        senderName: m?.nickname || remarks.get(row.from_user) || sender?.realname || '',
        role: m?.role ?? 3,
        toContactId: a.conv.wireId,
        isLast: row.msg_id === lastId,
        read: isRead(row),
        previewPrefix: fileUpload.preview,
      });
      // §17: group rows I sent (and my announcements) carry their read counts.
      const c = readCounts.get(row.msg_id);
      return c ? Object.assign(message, c) : message;
    });
  }

  const baseFilter = (me: UserRow, a: Access): RowFilter => ({ chatId: a.conv.chatId, viewer: me.id, above: a.above });

  /** Resolves how many of my unread mentions this read covered (groups; 0 elsewhere). */
  async function markRead(me: UserRow, a: Access, r: RequestView, mentionMsgIds: number[]): Promise<number> {
    const conv = a.conv;
    if (conv.kind === 'group') {
      const last = await repo.lastMsgId(db, conv.chatId);
      const from = a.mark?.read_msg_id ?? 0;
      // The mark's move and its time in one UPDATE (§17 read times); a mark already there writes nothing.
      if (last > from) {
        await groupReads.setReadMsgId(
          db,
          conv.groupId,
          me.id,
          last,
          appendReadLog(a.mark?.read_log ?? '', last, clock.now()),
        );
        await readPushes.afterRead(conv.chatId, me.id, from, last).catch(deps.log);
      }
      return repo.markMentionsRead(db, me.id, conv.groupId, mentionMsgIds);
    }
    if (conv.kind === 'admin_notice') {
      await markNoticesRead(me);
      return 0;
    }
    if (conv.kind !== 'user') return 0;
    const peerId = conv.peerId;
    // Looked up before the transaction: on SQLite the transaction holds the only connection.
    const peer = await users.get(peerId);
    await withTx(
      db,
      async (tx, onCommit) => {
        const [prefs, last] = await Promise.all([
          prefsRepo.prefsForChat(tx, conv.chatId),
          repo.lastMsgId(tx, conv.chatId),
        ]);
        const from = prefs.find((p) => p.user_id === me.id)?.read_msg_id ?? 0;
        if (last <= from) return;
        const changed = await repo.rowsFromAbove(tx, conv.chatId, peerId, from, READ_PUSH_MAX);
        await prefsRepo.setReadMark(tx, me.id, conv.chatId, last);
        if (changed.length === 0) return;
        const rows: IsReadRow[] = changed.map((row) => ({
          id: row.id,
          msg_id: row.msg_id,
          is_read: 1,
          status: 'succeed',
          type: row.type as MessageType,
          content: visibleContent(row, peerId, r.lang, r.origin, peer?.realname ?? ''),
          sendTime: row.send_time_ms,
          toContactId: me.id,
        }));
        onCommit(async () => {
          await events.toUsers(readRecipients(peerId), 'isRead', rows);
          await events.toUsers(readRecipients(peerId), 'readAll', { toContactId: me.id });
        });
      },
      deps.log,
    );
    return 0;
  }

  /** Announcements keep a read mark per user for their publishers' read lists (§17). */
  async function markNoticesRead(me: UserRow): Promise<void> {
    const [pref, last] = await Promise.all([
      prefsRepo.prefOf(db, me.id, ADMIN_NOTICE),
      repo.lastMsgId(db, ADMIN_NOTICE),
    ]);
    const from = pref?.read_msg_id ?? 0;
    if (last <= from) return;
    await prefsRepo.setReadMark(db, me.id, ADMIN_NOTICE, last, appendReadLog(pref?.read_log ?? '', last, clock.now()));
    await readPushes.afterRead(ADMIN_NOTICE, me.id, from, last).catch(deps.log);
  }

  /**
   * Reading must work when writing cannot (a full disk, a read-only replica): the read mark is
   * best-effort there. The failure is logged and the rows are answered anyway (issue 19 #12).
   */
  async function tryMarkRead(me: UserRow, a: Access, r: RequestView, mentionMsgIds: number[]): Promise<number> {
    try {
      return await markRead(me, a, r, mentionMsgIds);
    } catch (err) {
      deps.log(err);
      return 0;
    }
  }

  /**
   * `readOnOpen`: mentions this very open read (they were on the page). The list changed then,
   * even when it now equals the last one sent (a mention came and went between two opens): a
   * client counts arriving mentions itself, so only this push brings its count back to the truth.
   */
  async function pushAtList(me: UserRow, a: Access, r: RequestView, readOnOpen: number): Promise<void> {
    if (a.conv.kind !== 'group') return;
    const rows = await repo.mentionRows(db, me.id, a.conv.groupId, a.above, MENTIONS_MAX, true);
    const key = `${me.id}:${a.conv.groupId}`;
    const sig = rows.map((x) => x.msg_id).join(',');
    const prev = atMemo.get(key) ?? { sig: '', at: 0 };
    const now = clock.now();
    if (readOnOpen === 0 && sig === prev.sig && (sig === '' || now - prev.at < AT_LIST_RESEND_MS)) return;
    atMemo.set(key, { sig, at: now });
    const list = await present(me, rows.reverse(), a, r);
    await events.toUsers(atListRecipients(me.id), 'atMsgList', {
      list,
      count: list.length,
      toContactId: a.conv.wireId,
    });
  }

  async function visibleRow(me: UserRow, row: MessageRow | undefined): Promise<{ row: MessageRow; a: Access }> {
    if (!row) throw new AppError(400, 'chat.msgNotFound');
    const conv = conversationOfRow(me.id, row);
    const party =
      conv.kind === 'admin_notice' ||
      (conv.kind === 'favourites' && row.from_user === me.id) ||
      (conv.kind === 'user' && (row.from_user === me.id || row.to_user === me.id)) ||
      conv.kind === 'group';
    if (!party) throw new AppError(400, 'chat.msgNotFound');
    const ref: ConversationRef =
      conv.kind === 'user'
        ? { kind: 'user', id: conv.peerId }
        : conv.kind === 'group'
          ? { kind: 'group', id: conv.groupId }
          : { kind: conv.kind };
    const a = await access(me, ref).catch(() => {
      throw new AppError(400, 'chat.msgNotFound');
    });
    if (row.msg_id <= a.above || (await repo.isHidden(db, me.id, row.msg_id)))
      throw new AppError(400, 'chat.msgNotFound');
    return { row, a };
  }

  return {
    /** A row `me` may see (§4.5 getMessageInfo rules) and its conversation, else `chat.msgNotFound`. */
    visibleRow,

    async list(me: UserRow, p: ListParams, r: RequestView): Promise<{ data: Message[]; count: number; page: number }> {
      if (p.toContactId.kind === 'system') return { data: [], count: 0, page: 1 };
      checkKeywords(p.keywords);
      const a = await access(me, p.toContactId);
      const manager = p.type !== undefined;
      const limit = clamp(p.limit || 20, 1, 100);
      if (p.is_at === 1 && a.conv.kind === 'group') {
        const rows = (await repo.mentionRows(db, me.id, a.conv.groupId, a.above, MENTIONS_MAX, false)).reverse();
        await repo
          .markMentionsRead(
            db,
            me.id,
            a.conv.groupId,
            rows.map((x) => x.msg_id),
          )
          .catch(deps.log);
        return { data: await present(me, rows, a, r), count: rows.length, page: 1 };
      }
      // `link` (history page): text rows holding a link, see LINK_FILTER in the protocol.
      const links = manager && p.type === LINK_FILTER;
      const filter: RowFilter = {
        ...baseFilter(me, a),
        ...(manager && p.type !== 'all' ? { onlyType: links ? 'text' : p.type } : {}),
        ...(links ? { linksOnly: true } : {}),
        ...(manager ? { excludeTypes: ['event'] } : {}),
        ...(p.keywords ? { keywords: p.keywords } : {}),
      };
      const before = p.last_id ?? 0;
      const page = before > 0 ? 1 : Math.max(p.page, 1);
      const [count, newestFirst] = await Promise.all([
        repo.countRows(db, filter),
        repo.listRows(db, filter, before, (page - 1) * limit, limit),
      ]);
      const rows = manager ? newestFirst : newestFirst.reverse();
      if (!manager && before <= 0) {
        const mentionsRead = await tryMarkRead(
          me,
          a,
          r,
          rows.map((x) => x.msg_id),
        );
        await pushAtList(me, a, r, mentionsRead);
      }
      return { data: await present(me, rows, a, r), count, page };
    },

    async info(me: UserRow, p: { id?: string; msg_id?: number }, r: RequestView): Promise<Message> {
      if (!p.id && !p.msg_id) throw badParam('id');
      const found = p.id ? await repo.findByUuid(db, p.id) : await repo.findByMsgId(db, p.msg_id ?? 0);
      const { row, a } = await visibleRow(me, found);
      return (await present(me, [row], a, r))[0] as Message;
    },

    async context(me: UserRow, p: { toContactId: ConversationRef; msg_id: number; limit: number }, r: RequestView) {
      const a = await access(me, p.toContactId);
      const found = await repo.findByMsgId(db, p.msg_id);
      if (!found || found.chat_identify !== a.conv.chatId) throw new AppError(400, 'chat.msgNotFound');
      const { row } = await visibleRow(me, found);
      const limit = clamp(p.limit || 10, 1, 50);
      const filter = baseFilter(me, a);
      const [older, newer, count] = await Promise.all([
        repo.listRows(db, filter, row.msg_id, 0, limit),
        repo.rowsAfter(db, filter, row.msg_id, limit),
        repo.countRows(db, filter),
      ]);
      return { data: await present(me, [...older.reverse(), row, ...newer], a, r), count, page: 1 };
    },

    async setRead(
      me: UserRow,
      ref: ConversationRef,
      messages: Array<Record<string, unknown>>,
      r: RequestView,
    ): Promise<void> {
      if (ref.kind === 'system') return;
      const a = await access(me, ref);
      const uuids = messages.map((m) => m.id).filter((x): x is string => typeof x === 'string');
      const ids = messages.map((m) => Number(m.msg_id)).filter((n) => Number.isInteger(n) && n > 0);
      const mentionIds = a.conv.kind === 'group' ? [...ids, ...(await repo.msgIdsOfUuids(db, uuids))] : [];
      await tryMarkRead(me, a, r, mentionIds);
    },

    async readAtMsg(me: UserRow, groupId: number): Promise<void> {
      await access(me, { kind: 'group', id: groupId });
      await repo.markMentionsRead(db, me.id, groupId);
    },
  };
}
export type Reader = ReturnType<typeof createReader>;
