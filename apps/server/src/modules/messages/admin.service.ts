import {
  newMessageId,
  adminDate,
  ContactKind,
  formatMsg,
  GroupRole,
  noticeLimits,
  type AdminMessageRow,
  type AdminNoticeRow,
  type ConversationRef,
  type Message,
  type MessagesPerDay,
} from '@parley/protocol';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock';
import { withTx, type DB } from '../../platform/db/index';
import type { Events } from '../../platform/events';
import { AppError, badParam } from '../../platform/http/errors';
import type { RequestView } from '../../platform/http/router';
import { ADMIN_NOTICE, conversationOf, type GroupReads } from '../contacts/index';
import { usersRepo, type UserRow } from '../users/index';
import * as actionsRepo from './actions.repo';
import { audienceOf, delMessageFor, pushPerRecipient, sideOf } from './actions-context';
import * as adminRepo from './admin.repo';
import * as repo from './messages.repo';
import { storedTarget, toMessage } from './present';
import type { ReadLists } from './read-list.service';
import { sanitizeText } from './sanitize';
import { unindexMessage } from './search-index.repo';

export interface MessageAdminDeps {
  db: Kysely<DB>;
  clock: Clock;
  events: Events;
  log: (err: unknown) => void;
  /** Reads of the groups module's tables (groups imports messages, so not an import). */
  groupReads: GroupReads;
}

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * What an administrator does with any message (PROTOCOL §12.3 `message/*`, announcements,
 * `clearMessage`), the dashboard's counts and the nightly purge's batches. The admin module
 * checks the guard and writes the audit log; these trust their caller.
 */
export function createMessageAdmin(
  deps: MessageAdminDeps,
  /** §17: the counts of the announcements the viewing admin published. */
  readCountsFor: ReadLists['countsFor'],
) {
  const { db, clock, events, groupReads } = deps;

  async function render(rows: repo.MessageRow[], r: RequestView): Promise<AdminMessageRow[]> {
    const users = await usersRepo.byIds(
      db,
      rows.flatMap((x) => (x.is_group === ContactKind.person ? [x.from_user, x.to_user] : [x.from_user])),
    );
    const groupNames = new Map<number, string>();
    for (const id of new Set(rows.filter((x) => x.is_group === ContactKind.group).map((x) => x.to_user))) {
      groupNames.set(id, (await groupReads.findGroup(db, id))?.name ?? '');
    }
    return rows.map((row) => {
      const sender = users.get(row.from_user);
      const m: Message = toMessage(row, {
        viewerId: 0,
        lang: r.lang,
        origin: r.origin,
        sender,
        senderName: sender?.realname ?? '',
        role: GroupRole.member,
        toContactId: storedTarget(row),
        isLast: false,
        read: true,
      });
      const name =
        row.is_group === ContactKind.group
          ? (groupNames.get(row.to_user) ?? '')
          : row.is_group === ContactKind.person
            ? (users.get(row.to_user)?.realname ?? '')
            : '';
      return {
        ...m,
        toUser: { name },
        create_time: adminDate(Math.floor(row.send_time_ms / 1000)),
        chat_identify: row.chat_identify,
      };
    });
  }

  /** The stored conversation an admin names as (user, toContactId); undefined = none named. */
  function chatOf(userId: number | undefined, ref: ConversationRef | undefined): string | undefined {
    if (!ref) return undefined;
    if (ref.kind === 'group') return conversationOf(0, ref)?.chatId;
    if (!userId) throw badParam('user_id');
    const conv = conversationOf(userId, ref);
    if (!conv) throw badParam('toContactId');
    return conv.chatId;
  }

  function noticeRow(row: repo.MessageRow): AdminNoticeRow {
    let ext: { title?: string; notice?: string } = {};
    try {
      ext = JSON.parse(row.extends || '{}') as typeof ext;
    } catch {
      ext = {};
    }
    return {
      msg_id: row.msg_id,
      id: row.id,
      title: ext.title ?? '',
      notice: ext.notice ?? '',
      content: row.content,
      create_time: adminDate(Math.floor(row.send_time_ms / 1000)),
      sendTime: row.send_time_ms,
    };
  }

  return {
    chatOf,

    async list(
      p: {
        userId?: number;
        toContactId?: ConversationRef;
        isGroup: number;
        type: string;
        keywords: string;
        lastId?: number;
        page: number;
        limit: number;
      },
      r: RequestView,
    ): Promise<{ data: AdminMessageRow[]; count: number; page: number }> {
      const chatId = chatOf(p.userId, p.toContactId);
      const f: adminRepo.AdminRowFilter = {
        ...(chatId ? { chatId } : p.userId ? { fromUser: p.userId } : {}),
        ...(p.isGroup === 1 ? { isGroup: 0 as const } : p.isGroup === 2 ? { isGroup: 1 as const } : {}),
        ...(p.type ? { type: p.type } : {}),
        ...(p.keywords ? { keywords: p.keywords } : {}),
        ...(p.lastId ? { before: p.lastId } : {}),
      };
      const page = p.lastId ? 1 : p.page;
      const [rows, count] = await Promise.all([
        adminRepo.listRows(db, f, (page - 1) * p.limit, p.limit),
        adminRepo.countRows(db, f),
      ]);
      return { data: await render(rows, r), count, page };
    },

    find: (id: string) => repo.findByUuid(db, id),

    /** dealMsg mask: the row reads `chat.masked`; `updateMessage` → exactly its recipients. */
    async mask(row: repo.MessageRow, r: RequestView): Promise<void> {
      const content = formatMsg('chat.masked', r.lang);
      await withTx(
        db,
        async (tx, onCommit) => {
          await adminRepo.mask(tx, row.msg_id, content);
          const recipients = row.is_group === ContactKind.adminNotice ? [] : await audienceOf(groupReads, tx, row);
          onCommit(() =>
            pushPerRecipient(events, 'updateMessage', recipients, (uid) => ({
              id: row.id,
              msg_id: row.msg_id,
              type: 'text',
              content,
              toContactId: sideOf(uid, row),
              is_group: row.is_group as 0 | 1 | 3,
            })),
          );
        },
        deps.log,
      );
    },

    /** dealMsg delete: gone for everyone, `delMessage` → its recipients (as §4.6). */
    async remove(row: repo.MessageRow): Promise<void> {
      await withTx(
        db,
        async (tx, onCommit) => {
          const recipients = row.is_group === ContactKind.adminNotice ? [] : await audienceOf(groupReads, tx, row);
          // As the sender's delete does (§16): its terms go with it, or they are orphans in the index.
          await unindexMessage(tx, row);
          const wasLast = await actionsRepo.deleteRow(tx, row);
          onCommit(() => pushPerRecipient(events, 'delMessage', recipients, delMessageFor(row, wasLast)));
        },
        deps.log,
      );
    },

    clearAll: () => withTx(db, (tx) => adminRepo.clearAllButNotices(tx), deps.log),

    countWritten: () => adminRepo.countWritten(db),

    /** Written messages per UTC day for the last `days` days (today included), oldest first. */
    async perDay(days: number): Promise<MessagesPerDay[]> {
      const today = Math.floor(clock.now() / 86_400_000);
      const counts = new Map((await adminRepo.perDay(db, (today - days + 1) * 86_400_000)).map((x) => [x.day, x.n]));
      return Array.from({ length: days }, (_, i) => {
        const d = today - days + 1 + i;
        return { day: new Date(d * 86_400_000).toISOString().slice(0, 10), count: counts.get(d) ?? 0 };
      });
    },

    async notices(page: number, limit: number, viewerId = 0): Promise<{ data: AdminNoticeRow[]; count: number }> {
      const [rows, count] = await Promise.all([
        adminRepo.listNotices(db, (page - 1) * limit, limit),
        adminRepo.countNotices(db),
      ]);
      const counts = await readCountsFor(viewerId, rows);
      return { data: rows.map((row) => Object.assign(noticeRow(row), counts.get(row.msg_id))), count };
    },

    /**
     * publishNotice (§12.3): stored as `<h4>title</h4>` + the sanitised text (§4.3, so the rich
     * editor's markup survives and nothing else does). A new one → `simple` with the title as
     * content → every bound connection; an edit changes the row quietly.
     */
    async publishNotice(
      actor: UserRow,
      p: { title: string; content: string; msgId?: number },
      r: RequestView,
    ): Promise<AdminNoticeRow> {
      if (p.title.length < 1 || p.title.length > noticeLimits.title) throw badParam('title');
      const clean = sanitizeText(p.content, [r.origin]);
      if (clean.length === 0) throw badParam('content');
      if (clean.length > noticeLimits.content) throw new AppError(400, 'chat.tooLong');
      const body = /^\s*<(p|div|ul|ol|h4)\b/i.test(clean.html) ? clean.html : `<p>${clean.html}</p>`;
      const content = `<h4>${escape(p.title)}</h4>${body}`;
      const ext = JSON.stringify({ title: p.title, notice: clean.html });
      if (p.msgId) {
        const existing = await adminRepo.findNotice(db, p.msgId);
        if (!existing) throw new AppError(400, 'common.notFound');
        await adminRepo.updateNotice(db, p.msgId, content, ext);
        return noticeRow({ ...existing, content, extends: ext });
      }
      const values = repo.newMessage({
        id: newMessageId(),
        chat_identify: ADMIN_NOTICE,
        from_user: actor.id,
        to_user: 0,
        is_group: ContactKind.adminNotice,
        content,
        extends: ext,
        send_time_ms: clock.now(),
      });
      const row = await withTx(
        db,
        async (tx, onCommit) => {
          const msgId = await repo.insertMessage(tx, values);
          await repo.setLastMsg(tx, ADMIN_NOTICE, msgId);
          const stored: repo.MessageRow = { ...values, msg_id: msgId };
          onCommit(() => {
            const m = toMessage(stored, {
              viewerId: 0,
              lang: r.lang,
              origin: r.origin,
              sender: actor,
              senderName: actor.realname,
              role: GroupRole.member,
              toContactId: ADMIN_NOTICE,
              isLast: true,
              push: true,
            });
            return events.publish({ allBound: true }, 'simple', { ...m, content: p.title });
          });
          return stored;
        },
        deps.log,
      );
      return noticeRow(row);
    },

    async delNotice(msgId: number): Promise<void> {
      const row = await adminRepo.findNotice(db, msgId);
      if (!row) throw new AppError(400, 'common.notFound');
      await withTx(db, (tx) => actionsRepo.deleteRow(tx, row), deps.log);
    },

    /** One batch of the nightly purge (see admin/purge.ts). */
    purgeBatch: (beforeMs: number, limit: number) =>
      withTx(db, (tx) => adminRepo.purgeBatch(tx, beforeMs, limit), deps.log),
  };
}
