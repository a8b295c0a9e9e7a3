import { ContactKind, searchPlainText } from '@parley/protocol';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';
import { ownedByThisProcess } from '../../platform/db/dialect';
import { executeRows } from '../../platform/db/direct';
import { notHiddenBy, type MessageRow } from './messages.repo';
import { termsOf, type QueryTerm } from './search-terms';

/**
 * The message search index (`message_terms`, migration 0011): one row per distinct term of a
 * message, keyed (term, msg_id, scope). `scope` names the conversation so a search filters by
 * "mine" on the index alone, without reading messages:
 *   single chat of users a < b → a·2^26 + b; favourites of u → u (a = 0); group g → −g.
 * Written in the sender's transaction, removed on recall and delete (hide is per reader and is
 * filtered when searching; a row both sides hid is deleted, and its terms with it).
 */

const SCOPE_SHIFT = 2 ** 26;

/** Row kinds whose text is searchable (§16): the text of rich text, the names of files. */
export function indexedText(row: Pick<MessageRow, 'type' | 'content' | 'file_name' | 'is_undo'>): string {
  if (row.is_undo) return '';
  if (row.type === 'text') return searchPlainText(row.content);
  if (row.type === 'file') return row.file_name;
  return '';
}

export function scopeOf(row: Pick<MessageRow, 'is_group' | 'from_user' | 'to_user'>): number | undefined {
  if (row.is_group === ContactKind.group) return -row.to_user;
  if (row.is_group === ContactKind.favourites) return row.from_user;
  if (row.is_group !== ContactKind.person) return undefined;
  const a = Math.min(row.from_user, row.to_user);
  const b = Math.max(row.from_user, row.to_user);
  return a * SCOPE_SHIFT + b;
}

// One multi-row INSERT per message: its SQL text is kept per dialect and row count, so the hot
// path only binds numbers (building it with Kysely per send cost more than the insert).
const insertSql = new Map<string, string>();
function insertText(sqlite: boolean, rows: number, ignore: boolean): string {
  const key = `${sqlite ? 's' : 'p'}${rows}${ignore ? 'i' : ''}`;
  let text = insertSql.get(key);
  if (!text) {
    const values = Array.from({ length: rows }, (_, i) =>
      sqlite ? '(?, ?, ?)' : `($${3 * i + 1}, $${3 * i + 2}, $${3 * i + 3})`,
    );
    text = `insert into message_terms (term, msg_id, scope) values ${values.join(', ')}${ignore ? ' on conflict do nothing' : ''}`;
    insertSql.set(key, text);
  }
  return text;
}

/** At most this many rows per statement (SQLite binds ≤ 32,766 values; PostgreSQL 65,535). */
const CHUNK = 2000;

async function insertTerms(db: Kysely<DB>, rows: Array<[number, number, number]>, ignore: boolean): Promise<void> {
  const sqlite = ownedByThisProcess(db);
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    await executeRows(db, CompiledQuery.raw(insertText(sqlite, part.length, ignore), part.flat()));
  }
}

export type IndexableRow = Pick<
  MessageRow,
  'msg_id' | 'type' | 'content' | 'file_name' | 'is_undo' | 'is_group' | 'from_user' | 'to_user'
>;

/** The index rows (term, msg_id, scope) of one message; none for rows whose kind is not searched. */
export function termRowsOf(row: IndexableRow): Array<[number, number, number]> {
  const scope = scopeOf(row);
  const text = indexedText(row);
  if (scope === undefined || !text) return [];
  return termsOf(text).map((term) => [term, row.msg_id, scope]);
}

/** Indexes a new row (inside its insert's transaction). */
export async function indexMessage(db: Kysely<DB>, row: IndexableRow): Promise<void> {
  const rows = termRowsOf(row);
  if (rows.length > 0) await insertTerms(db, rows, false);
}

/** Removes a row's terms; `row` as it was before the change (its text gives the terms). */
export async function unindexMessage(db: Kysely<DB>, row: IndexableRow): Promise<void> {
  const terms = termsOf(indexedText(row));
  for (let i = 0; i < terms.length; i += CHUNK) {
    await db
      .deleteFrom('message_terms')
      .where('term', 'in', terms.slice(i, i + CHUNK))
      .where('msg_id', '=', row.msg_id)
      .execute();
  }
}

/** Drops the terms of every row of one conversation before its rows are deleted (group cleared or removed). */
export async function unindexChat(db: Kysely<DB>, chatId: string): Promise<void> {
  let below: number | undefined;
  for (;;) {
    let q = db
      .selectFrom('messages')
      .select(['msg_id', 'type', 'content', 'file_name', 'is_undo', 'is_group', 'from_user', 'to_user'])
      .where('chat_identify', '=', chatId)
      .where('type', 'in', ['text', 'file']);
    if (below !== undefined) q = q.where('msg_id', '<', below);
    const rows = await q.orderBy('msg_id', 'desc').limit(500).execute();
    for (const row of rows) await unindexMessage(db, row);
    const last = rows[rows.length - 1];
    if (!last || rows.length < 500) return;
    below = last.msg_id;
  }
}

// ---- backfill (rows stored before the index existed) ----

/** Messages below this id still need indexing; 0 when done (one row, set by migration 0011). */
export async function backfillMark(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom('message_terms_backfill').select('below').executeTakeFirst();
  return row?.below ?? 0;
}

/**
 * Indexes the newest `batch` unindexed rows below the mark and moves the mark past them, in one
 * transaction. Two nodes doing it at once insert the same rows (ignored) and one moves the mark.
 * Returns the new mark.
 */
export async function backfillStep(db: Kysely<DB>, below: number, batch: number): Promise<number> {
  const rows = await db
    .selectFrom('messages')
    .select(['msg_id', 'type', 'content', 'file_name', 'is_undo', 'is_group', 'from_user', 'to_user'])
    .where('msg_id', '<', below)
    .orderBy('msg_id', 'desc')
    .limit(batch)
    .execute();
  const terms = rows.flatMap(termRowsOf);
  if (terms.length > 0) await insertTerms(db, terms, true);
  const next = rows.length < batch ? 0 : (rows[rows.length - 1]?.msg_id ?? 0);
  await db.updateTable('message_terms_backfill').set({ below: next }).where('below', '=', below).execute();
  return next;
}

// ---- queries ----

/** Which conversations a search may look in: mine, as scopes. */
export interface SearchScope {
  me: number;
  /** Groups I am an active member of (ids). */
  groups: number[];
  /** Only this one scope (`toContactId`), if given. */
  only?: number;
}

/**
 * How many index rows each term has, counted up to `cap`: enough to pick the rarest term of a
 * query to drive the search, without counting all of a common one. One statement for all the
 * terms (a UNION ALL of capped counts): on PostgreSQL each statement is a round trip to another
 * process, and on a busy machine the round trips, not the index reads, were the cost.
 */
export async function termCounts(db: Kysely<DB>, terms: QueryTerm[], cap: number): Promise<number[]> {
  if (terms.length === 0) return [];
  const one = (t: QueryTerm, i: number) => {
    const inner = db.selectFrom('message_terms').select(sql.lit(1).as('x')).limit(cap);
    const q = 'term' in t ? inner.where('term', '=', t.term) : inner.where('term', '>=', t.lo).where('term', '<', t.hi);
    return db.selectFrom(q.as('c')).select((eb) => [sql.lit(i).as('i'), eb.fn.countAll<number>().as('n')]);
  };
  const [first, ...rest] = terms.map(one);
  const rows = await rest.reduce((u, q) => u.unionAll(q), first as NonNullable<typeof first>).execute();
  const out = terms.map(() => 0);
  for (const r of rows) out[Number(r.i)] = Number(r.n);
  return out;
}

/**
 * Candidates, newest first, with their rows: rows of `drive` in my conversations that also
 * hold every term of `also`, and that I did not hide. A single term is read in index order and
 * stops after `limit` hits; a range (one CJK character) is sorted. The capped candidate list is
 * joined to `messages` by primary key in the same statement, so a batch is one round trip.
 * `ids` are all the candidates (for paging); `rows` those still searchable (not recalled).
 */
export async function candidateRows(
  db: Kysely<DB>,
  s: SearchScope,
  drive: QueryTerm,
  also: number[],
  /** Only ids below this (the last of the previous batch); undefined for the newest. */
  before: number | undefined,
  limit: number,
): Promise<{ ids: number[]; rows: Map<number, MessageRow> }> {
  let q = db.selectFrom('message_terms as t').select('t.msg_id');
  if (before !== undefined) q = q.where('t.msg_id', '<', before);
  // A range may hold several terms of one message (会议, 会上…): each message once.
  q =
    'term' in drive
      ? q.where('t.term', '=', drive.term)
      : q.where('t.term', '>=', drive.lo).where('t.term', '<', drive.hi).distinct();
  if (s.only !== undefined) {
    q = q.where('t.scope', '=', s.only);
  } else {
    const lo = s.me * SCOPE_SHIFT;
    q = q.where((eb) =>
      eb.or([
        eb.and([eb('t.scope', '>=', lo), eb('t.scope', '<', lo + SCOPE_SHIFT)]),
        eb.and([eb('t.scope', '>', 0), eb(sql`t.scope % ${sql.lit(SCOPE_SHIFT)}`, '=', s.me)]),
        ...(s.groups.length > 0
          ? [
              eb(
                't.scope',
                'in',
                s.groups.map((g) => -g),
              ),
            ]
          : []),
      ]),
    );
  }
  for (const term of also) {
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('message_terms as x')
          .select('x.msg_id')
          .where('x.term', '=', term)
          .whereRef('x.msg_id', '=', 't.msg_id'),
      ),
    );
  }
  q = q.where(notHiddenBy(s.me, 't.msg_id'));
  const found = await db
    .selectFrom(q.orderBy('t.msg_id', 'desc').limit(limit).as('c'))
    .leftJoin('messages as m', (j) => j.onRef('m.msg_id', '=', 'c.msg_id').on('m.is_undo', '=', 0))
    .select('c.msg_id as candidate')
    .selectAll('m')
    .orderBy('c.msg_id', 'desc')
    .execute();
  const rows = new Map<number, MessageRow>();
  for (const { candidate, ...row } of found) if (row.msg_id !== null) rows.set(candidate, row as MessageRow);
  return { ids: found.map((r) => r.candidate), rows };
}
