import { ContactKind, GROUP_READ_PUSH_DAYS, GROUP_READ_PUSH_MS, GROUP_READ_PUSH_ROWS } from '@parley/protocol';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock';
import type { DB } from '../../platform/db/index';
import type { Events } from '../../platform/events';
import type { Counters } from '../../platform/limits/index';
import type { Timers } from '../../platform/timers';
import { ADMIN_NOTICE, groupWireId } from '../contacts/index';
import { readCounts } from './read-counts';
import { rowsPassed, type ReadPushRow } from './read-list.repo';
import type { ReadLists } from './read-list.service';
import { groupReadRecipients } from './recipients';

/**
 * `groupRead` (PROTOCOL §17): after a reader's mark passed others' messages, their senders hear
 * the new counts, at most once per message per GROUP_READ_PUSH_MS on all nodes together, and the
 * state after the last read always arrives (coalesced, never dropped).
 *
 * How: a push needs the message's lease (`counters.claim`, Redis on several nodes). A read that
 * finds the lease held schedules one retry on this node for when it ends (later reads on this node
 * ride on that retry). The retry pushes if it gets the lease; if another node took it, that node
 * took it after this read committed and computes its counts after, so this read is in them; the
 * retry is scheduled again only to keep that promise when the clocks disagree. A catch-up read
 * pushes for the newest GROUP_READ_PUSH_ROWS messages it passed only (see the protocol).
 */

export interface GroupReadPushDeps {
  db: Kysely<DB>;
  clock: Clock;
  timers: Timers;
  counters: Pick<Counters, 'claim'>;
  events: Events;
  readLists: Pick<ReadLists, 'readersOf' | 'enabled'>;
  log: (err: unknown) => void;
}

const DAY_MS = 86_400_000;

export function createGroupReadPushes(deps: GroupReadPushDeps) {
  const { db, clock, timers, counters, events, readLists, log } = deps;
  /** Messages with a retry waiting on this node. */
  const retrying = new Set<number>();

  /** Counts now, to each message's sender (still among the readers' group, for groups). */
  async function push(rows: ReadPushRow[]): Promise<void> {
    const byChat = new Map<string, ReadPushRow[]>();
    for (const row of rows) byChat.set(row.chat_identify, [...(byChat.get(row.chat_identify) ?? []), row]);
    for (const chatRows of byChat.values()) {
      const marksOf = await readLists.readersOf(chatRows);
      for (const row of chatRows) {
        const marks = marksOf(row);
        const isGroup = row.is_group === ContactKind.group;
        // A sender who left the group no longer hears who reads it.
        if (isGroup && !marks.some((m) => m.user_id === row.from_user)) continue;
        await events.toUsers(groupReadRecipients(row.from_user), 'groupRead', {
          group_id: isGroup ? groupWireId(row.to_user) : ADMIN_NOTICE,
          id: row.id,
          ...readCounts(marks, row),
        });
      }
    }
  }

  function retry(row: ReadPushRow, ms: number): void {
    if (retrying.has(row.msg_id)) return;
    retrying.add(row.msg_id);
    timers.after(ms, () => {
      retrying.delete(row.msg_id);
      offer([row]).catch(log);
    });
  }

  async function offer(rows: ReadPushRow[]): Promise<void> {
    const now = clock.now();
    const waiting = rows.filter((row) => !retrying.has(row.msg_id));
    const left = await Promise.all(
      waiting.map((row) => counters.claim(`groupRead:${row.msg_id}`, GROUP_READ_PUSH_MS, now)),
    );
    const due: ReadPushRow[] = [];
    waiting.forEach((row, i) => {
      const ms = left[i] ?? 0;
      if (ms === 0) due.push(row);
      else retry(row, ms);
    });
    if (due.length > 0) await push(due);
  }

  return {
    /** `reader`'s mark in `chatId` moved from `from` to `to` (committed): tell the senders. */
    async afterRead(chatId: string, reader: number, from: number, to: number): Promise<void> {
      if (to <= from || !(await readLists.enabled())) return;
      const since = clock.now() - GROUP_READ_PUSH_DAYS * DAY_MS;
      const rows = await rowsPassed(db, chatId, reader, from, to, since, GROUP_READ_PUSH_ROWS);
      if (rows.length > 0) await offer(rows);
    },
  };
}
export type GroupReadPushes = ReturnType<typeof createGroupReadPushes>;
