import { CompiledQuery, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';
import { MESSAGE_COLUMNS, MessageIdTaken, type NewMessage } from './messages.repo';
import { termRowsOf } from './search-index.repo';
import { BatchPacer, type BatchPacing } from '../../platform/db/batch-pacer';

/**
 * Group commit of new messages on PostgreSQL (issue 41), as SQLite's group-commit.ts does for
 * every transaction: the rows of the sends that arrive together are written by ONE statement,
 * which PostgreSQL commits, and flushes (`synchronous_commit` stays on), once for all of them.
 * Per send that was BEGIN, the insert, the `chats` upsert, the search terms and COMMIT: five
 * round trips and a WAL flush, most of the node's and the database's CPU per message
 * (docs/performance.md). The statement is data-modifying CTEs over arrays, so its text is one
 * whatever the batch size and it is prepared once per connection.
 *
 * - Only what the send path itself writes: the row, the conversation's newest id, the search
 *   terms and a group message's mentions. Group sends join too: each took a transaction that
 *   held the group's `chats` row locked through its commit, so one group's sends queued behind
 *   one another's WAL flushes (a 500-member group on two nodes answered in seconds at 50 msg/s).
 *   Sends that also write a sendInterval mark keep their own transaction.
 * - A uuid already stored comes back without a row: that send alone gets MessageIdTaken, as from
 *   messages.repo.ts. Two sends of one uuid in one batch: the second waits for the next batch.
 * - If the statement fails, nothing of the batch was written; each of its sends is then tried
 *   alone, so one bad row fails only its own send.
 * - One batch at a time, started when the pacer says (platform/db/batch-pacer.ts: at once on an
 *   idle node, else when the batch is full or has waited long enough): the sends that arrive
 *   while one runs or meanwhile form the next one, so a busy node writes fewer, larger batches.
 *   `chats` rows are upserted in key order, so two nodes' batches take their row locks in the
 *   same order and cannot deadlock each other.
 */

const ARRAY_TYPES: Record<(typeof MESSAGE_COLUMNS)[number], string> = {
  id: 'varchar',
  chat_identify: 'varchar',
  from_user: 'int',
  to_user: 'int',
  is_group: 'int',
  type: 'varchar',
  content: 'text',
  extends: 'text',
  file_id: 'int',
  file_cate: 'int',
  file_name: 'varchar',
  file_size: 'bigint',
  at: 'text',
  pid: 'int',
  is_undo: 'int',
  send_time_ms: 'bigint',
};

const n = MESSAGE_COLUMNS.length;
const cols = MESSAGE_COLUMNS.join(', ');
const WRITE_SQL = `with v as (
  select * from unnest(${MESSAGE_COLUMNS.map((c, i) => `$${i + 1}::${ARRAY_TYPES[c]}[]`).join(', ')})
    with ordinality as v(${cols}, n)
), m as (
  insert into messages (${cols}) select ${cols} from v order by n
  on conflict (id) do nothing
  returning id, msg_id, chat_identify
), c as (
  insert into chats (chat_identify, last_msg_id)
  select chat_identify, max(msg_id) from m group by chat_identify order by chat_identify
  on conflict (chat_identify) do update set last_msg_id = excluded.last_msg_id
  where chats.last_msg_id < excluded.last_msg_id
), t as (
  insert into message_terms (term, msg_id, scope)
  select t.term, m.msg_id, t.scope
  from unnest($${n + 1}::bigint[], $${n + 2}::varchar[], $${n + 3}::bigint[]) as t(term, id, scope)
  join m on m.id = t.id
), mm as (
  insert into message_mentions (msg_id, user_id, group_id, is_read)
  select m.msg_id, x.user_id, x.group_id, 0
  from unnest($${n + 4}::varchar[], $${n + 5}::int[], $${n + 6}::int[]) as x(id, user_id, group_id)
  join m on m.id = x.id
)
select id, msg_id from m`;

/** The members a group message mentions (message_mentions rows, PROTOCOL §4.5 `is_at`). */
export interface Mentions {
  groupId: number;
  userIds: number[];
}

interface Pending {
  values: NewMessage;
  mentions: Mentions | undefined;
  resolve: (msgId: number) => void;
  reject: (err: unknown) => void;
}

export const MAX_BATCH = 256;

export interface SendBatch {
  /** Stores one new row with its `chats` mark, search terms and mentions; resolves with its msg_id once committed. */
  write(values: NewMessage, mentions?: Mentions): Promise<number>;
}

/**
 * Pacing (batch-pacer.ts) matters more here than on SQLite: each batch's statement, commit and WAL
 * flush cost PostgreSQL more than the rows did. Without a least interval a node at 1,000 msg/s
 * wrote nearly one batch per send (0.71 ms of node CPU a send); batches 5 ms apart took that to
 * 0.41–0.42 ms and PostgreSQL + Redis to 0.34–0.35 ms, and waiting up to 20 ms for a full batch
 * to 0.33–0.36 and 0.20–0.22 ms (docs/performance.md, "The fixed part at low rates").
 */
export function createSendBatch(db: Kysely<DB>, { pacing }: { pacing?: Partial<BatchPacing> } = {}): SendBatch {
  let queue: Pending[] = [];
  let running = false;
  const pacer = new BatchPacer(() => void flush(), pacing);

  function parameters(batch: Pending[]): unknown[] {
    const columns = MESSAGE_COLUMNS.map((c) => batch.map((p) => p.values[c]));
    const terms: unknown[] = [];
    const ids: unknown[] = [];
    const scopes: unknown[] = [];
    const mentioned: [string[], number[], number[]] = [[], [], []];
    for (const { values, mentions } of batch) {
      for (const userId of mentions?.userIds ?? []) {
        mentioned[0].push(values.id);
        mentioned[1].push(userId);
        mentioned[2].push(mentions?.groupId ?? 0);
      }
      for (const [term, , scope] of termRowsOf({ ...(values as Required<NewMessage>), msg_id: 0 })) {
        terms.push(term);
        ids.push(values.id);
        scopes.push(scope);
      }
    }
    return [...columns, terms, ids, scopes, ...mentioned];
  }

  async function writeBatch(batch: Pending[]): Promise<void> {
    let rows: Array<{ id: string; msg_id: number }>;
    try {
      rows = (await db.executeQuery<{ id: string; msg_id: number }>(CompiledQuery.raw(WRITE_SQL, parameters(batch))))
        .rows;
    } catch (err) {
      if (batch.length === 1) batch[0]?.reject(err);
      else for (const p of batch) await writeBatch([p]);
      return;
    }
    const stored = new Map(rows.map((r) => [r.id, Number(r.msg_id)]));
    for (const p of batch) {
      const msgId = stored.get(p.values.id);
      if (msgId === undefined) p.reject(new MessageIdTaken(`message ${p.values.id} is stored already`));
      else p.resolve(msgId);
    }
  }

  async function flush(): Promise<void> {
    running = true;
    try {
      // One uuid once per statement (ON CONFLICT would keep the first and leave the second unanswered).
      const batch: Pending[] = [];
      const later: Pending[] = [];
      const ids = new Set<string>();
      for (const p of queue) {
        if (batch.length < MAX_BATCH && !ids.has(p.values.id)) {
          ids.add(p.values.id);
          batch.push(p);
        } else later.push(p);
      }
      queue = later;
      await writeBatch(batch);
    } finally {
      running = false;
      schedule();
    }
  }

  function schedule(): void {
    if (!running) pacer.poke(queue.length);
  }

  return {
    write(values, mentions) {
      return new Promise<number>((resolve, reject) => {
        queue.push({ values, mentions, resolve, reject });
        schedule();
      });
    },
  };
}
