import { READ_LOG_KEEP, type ReadCounts } from '@parley/protocol';

/**
 * Who has read a message, from the members' read marks alone (PROTOCOL §17): a member who read a
 * later message has read every earlier one, so one mark per member and chat answers every
 * message. Pure functions, shared by the rows' counts, `readList` and the `groupRead` pushes.
 */

/** One counted-or-not reader: a member (or, for announcements, a user) and their mark. */
export interface Mark {
  user_id: number;
  /** Messages above this were sent while they were a member (0 = since the beginning). */
  join_msg_id: number;
  read_msg_id: number;
}

/** Counted for `msg`: a member since before it was sent, not its sender. */
export const counts = (m: Mark, msg: { msg_id: number; from_user: number }): boolean =>
  m.user_id !== msg.from_user && m.join_msg_id < msg.msg_id;

export function readCounts(marks: readonly Mark[], msg: { msg_id: number; from_user: number }): ReadCounts {
  let readCount = 0;
  let unreadCount = 0;
  for (const m of marks) {
    if (!counts(m, msg)) continue;
    if (m.read_msg_id >= msg.msg_id) readCount++;
    else unreadCount++;
  }
  return { readCount, unreadCount };
}

type LogEntry = [msgId: number, ms: number];

function parseLog(log: string): LogEntry[] {
  if (!log) return [];
  const out: LogEntry[] = [];
  for (const part of log.split(',')) {
    const [a, b] = part.split(':');
    const msgId = Number(a);
    const ms = Number(b);
    if (Number.isInteger(msgId) && Number.isFinite(ms)) out.push([msgId, ms]);
  }
  return out;
}

/** The log after the mark moved to `msgId` at `ms`: the newest READ_LOG_KEEP moves, oldest first. */
export function appendReadLog(log: string, msgId: number, ms: number): string {
  const entries = parseLog(log).filter(([id]) => id < msgId);
  entries.push([msgId, ms]);
  return entries
    .slice(-READ_LOG_KEEP)
    .map(([id, t]) => `${id}:${t}`)
    .join(',');
}

/**
 * When the mark first passed `msgId`: the time of the oldest kept move that reached it. Older than
 * every kept move → the oldest kept time (the read happened then or before); no log → 0.
 */
export function readTimeOf(log: string, msgId: number): number {
  const entries = parseLog(log);
  for (const [id, ms] of entries) if (id >= msgId) return ms;
  return entries.length > 0 ? (entries[0]?.[1] ?? 0) : 0;
}
