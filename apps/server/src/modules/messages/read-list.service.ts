import {
  ContactKind,
  READ_LIST_LIMIT_MAX,
  type ReadCounts,
  type ReadListParams,
  type ReadListRow,
} from '@parley/protocol';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';
import type { ReaderRow } from '../../platform/db/schema-chat';
import { AppError } from '../../platform/http/errors';
import type { RequestView } from '../../platform/http/router';
import type { ConfigService } from '../config/index';
import { ADMIN_NOTICE, prefsRepo, type Contacts, type GroupReads } from '../contacts/index';
import { avatarUrl, namePy, type UserRow } from '../users/index';
import * as repo from './messages.repo';
import { counts, readCounts, readTimeOf, type Mark } from './read-counts';

/**
 * Read lists (PROTOCOL §17; decisions in the protocol's read-list.ts): the counts on rows I sent
 * and `readList`, both from the readers' marks (group members', or every user's announcements
 * mark). Nothing here writes.
 */

export interface ReadListDeps {
  db: Kysely<DB>;
  config: Pick<ConfigService, 'systemInfo'>;
  contacts: Pick<Contacts, 'remarksOf'>;
  groupReads: GroupReads;
}

/** The fields of a stored row read lists look at. */
export interface CountedRow {
  msg_id: number;
  from_user: number;
  to_user: number;
  is_group: number;
  send_time_ms: number;
  type?: string;
}

/** A group message or an announcement, not a system line: rows that have read lists. */
export const hasReadList = (row: CountedRow): boolean =>
  (row.is_group === ContactKind.group || row.is_group === ContactKind.adminNotice) && row.type !== 'event';

const denied = () => new AppError(400, 'chat.readListDenied');

export function createReadLists(deps: ReadListDeps) {
  const { db, config, contacts, groupReads } = deps;

  const enabled = async (): Promise<boolean> => (await config.systemInfo()).chatInfo.readList === 1;

  /**
   * The readers of rows of one conversation, each row's marks: a group's members once; for
   * announcements every user registered by the newest row's time, each row counting those
   * registered by its own (a later user gets a join point above it).
   */
  async function readersOf(rows: CountedRow[]): Promise<(row: CountedRow) => Mark[]> {
    const first = rows[0];
    if (!first) return () => [];
    if (first.is_group === ContactKind.group) {
      const marks = await groupReads.readMarks(db, first.to_user);
      return () => marks;
    }
    const newest = Math.max(...rows.map((r) => r.send_time_ms));
    const users = await prefsRepo.noticeReaders(db, ADMIN_NOTICE, Math.floor(newest / 1000));
    return (row) => {
      const sec = Math.floor(row.send_time_ms / 1000);
      return users.map((u) => ({ ...u, join_msg_id: u.create_time <= sec ? 0 : row.msg_id }));
    };
  }

  /** Counts for the rows `me` sent among `rows` (one conversation), none while the switch is off. */
  async function countsFor(meId: number, rows: CountedRow[]): Promise<Map<number, ReadCounts>> {
    const out = new Map<number, ReadCounts>();
    const mine = rows.filter((r) => r.from_user === meId && hasReadList(r));
    if (mine.length === 0 || !(await enabled())) return out;
    const marksOf = await readersOf(mine);
    for (const row of mine) out.set(row.msg_id, readCounts(marksOf(row), row));
    return out;
  }

  /** The counted readers of `row` who have (`read`) or have not read it, with their names. */
  async function readersOfList(row: CountedRow, read: boolean): Promise<ReaderRow[]> {
    if (row.is_group === ContactKind.group) return groupReads.readersOfMessage(db, row.to_user, row, read);
    const users = await prefsRepo.noticeReaders(db, ADMIN_NOTICE, Math.floor(row.send_time_ms / 1000));
    return users.filter((u) => counts(u, row) && u.read_msg_id >= row.msg_id === read);
  }

  /** My name for each reader: remark, else group card, else real name (as chat rows name senders). */
  async function names(me: UserRow, readers: ReaderRow[]): Promise<Map<number, string>> {
    const remarks = await contacts.remarksOf(
      me.id,
      readers.map((m) => m.user_id),
    );
    return new Map(readers.map((m) => [m.user_id, m.nickname || remarks.get(m.user_id) || m.realname]));
  }

  return {
    countsFor,
    readersOf,
    enabled,

    async list(
      me: UserRow,
      p: ReadListParams,
      r: RequestView,
    ): Promise<{ data: ReadListRow[]; count: number; page: number }> {
      if (!(await enabled())) throw denied();
      const row = await repo.findByUuid(db, p.id);
      if (!row || row.from_user !== me.id || !hasReadList(row)) throw denied();
      if (row.is_group === ContactKind.group && !(await groupReads.membership(db, row.to_user, me.id))) throw denied();
      const wantRead = p.type === 'read';
      const chosen = await readersOfList(row, wantRead);
      const nameOf = await names(me, chosen);
      const items = chosen.map((m) => {
        const displayName = nameOf.get(m.user_id) ?? m.realname;
        return {
          m,
          displayName,
          // The real name's stored pinyin; a remark or card gets its own.
          key: displayName === m.realname ? m.name_py : namePy(displayName),
          read_time: wantRead ? readTimeOf(m.read_log, row.msg_id) : 0,
        };
      });
      const byName = (a: (typeof items)[number], b: (typeof items)[number]) =>
        a.key < b.key ? -1 : a.key > b.key ? 1 : a.m.user_id - b.m.user_id;
      items.sort(wantRead ? (a, b) => b.read_time - a.read_time || byName(a, b) : byName);
      const limit = Math.min(Math.max(p.limit || 20, 1), READ_LIST_LIMIT_MAX);
      const page = Math.max(p.page, 1);
      const data = items
        .slice((page - 1) * limit, page * limit)
        .map((x) => ({
          user_id: x.m.user_id,
          displayName: x.displayName,
          avatar: avatarUrl(r.origin, x.m.avatar),
          read_time: x.read_time,
        }));
      return { data, count: items.length, page };
    },
  };
}
export type ReadLists = ReturnType<typeof createReadLists>;
