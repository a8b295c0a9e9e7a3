import type { Message } from '@parley/protocol';
import { toMillis } from '../../lib/format/time';
import { senderId } from '../conversations/model';

/** What a chat's query holds: loaded rows oldest first, and whether older ones exist. */
export interface MessagesData {
  messages: Message[];
  hasMore: boolean;
  /**
   * A window opened at an old message (features/history/jump.ts): newer rows exist below the
   * loaded ones, so live pushes wait until scrolling down reaches the newest.
   */
  hasNewer?: boolean;
}

export const pageSize = 20;

/** Union by id (newer copies win), ordered by the server's msg_id (strictly increasing). */
export function mergeMessages(existing: readonly Message[], incoming: readonly Message[]): Message[] {
  const byId = new Map<string, Message>();
  for (const m of existing) byId.set(m.id, m);
  for (const m of incoming) byId.set(m.id, { ...byId.get(m.id), ...m });
  return [...byId.values()].sort((a, b) => a.msg_id - b.msg_id || toMillis(a.sendTime) - toMillis(b.sendTime));
}

/**
 * The newest page re-read (first open, or after a reconnect), possibly with older pages fetched
 * below it to close a gap (api.ts). When it does not reach back to what is loaded, the gap
 * cannot be trusted: start again from this page.
 *
 * `askedOver`: ids of the rows loaded when the page was asked for. A row newer than the page is
 * kept only if it came after the question (a push during the request); one that was there
 * before and is missing from the answer was deleted or hidden since.
 *
 * `trustedUpTo`: the newest msg_id known to have no hole below it (the newest row when the socket
 * dropped). Rows pushed after a reconnect sit above a possible hole, so the page must reach this
 * one, not merely the newest loaded row.
 */
export function withNewestPage(
  existing: MessagesData | undefined,
  page: readonly Message[],
  askedOver?: ReadonlySet<string>,
  trustedUpTo?: number,
): MessagesData {
  const full = page.length >= pageSize;
  if (!existing || existing.messages.length === 0) return { messages: [...page], hasMore: full };
  const newestLoaded = trustedUpTo ?? existing.messages[existing.messages.length - 1]?.msg_id ?? 0;
  const oldestNew = page[0]?.msg_id ?? 0;
  if (full && oldestNew > newestLoaded) return { messages: [...page], hasMore: true };
  // The page is the server's truth for its range (all of the chat when it is not full): a row
  // kept from before (a device copy, an earlier visit) that it lacks was deleted or hidden since.
  // Rows newer than the page that arrived by push while it was asked for stay.
  const newestNew = page[page.length - 1]?.msg_id ?? Number.NEGATIVE_INFINITY;
  const floor = full ? oldestNew : Number.NEGATIVE_INFINITY;
  const kept = existing.messages.filter((m) => m.msg_id < floor || (m.msg_id > newestNew && !askedOver?.has(m.id)));
  return { messages: mergeMessages(kept, page), hasMore: existing.hasMore };
}

export function withOlderPage(existing: MessagesData, page: readonly Message[]): MessagesData {
  return { messages: mergeMessages(page, existing.messages), hasMore: page.length >= pageSize };
}

/** `isRead` rows / `readAll`: my messages in that chat read by the peer. */
export function markRead(data: MessagesData, ids: ReadonlySet<string> | 'all', myId: number): MessagesData {
  let changed = false;
  const messages = data.messages.map((m) => {
    const mine = Number(m.fromUser?.id ?? m.from_user) === myId;
    if (!mine || m.is_read === 1 || (ids !== 'all' && !ids.has(m.id))) return m;
    changed = true;
    return { ...m, is_read: 1 as const };
  });
  return changed ? { ...data, messages } : data;
}

/**
 * `groupRead` (PROTOCOL §17): my message `id` has these read counts now. Pushes of one message
 * come in order from the server, so the newest one simply replaces the counts.
 */
export function setReadCounts(
  data: MessagesData,
  id: string,
  counts: { readCount: number; unreadCount: number },
): MessagesData {
  const i = data.messages.findIndex((m) => m.id === id);
  const m = data.messages[i];
  if (!m || (m.readCount === counts.readCount && m.unreadCount === counts.unreadCount)) return data;
  const messages = [...data.messages];
  messages[i] = { ...m, readCount: counts.readCount, unreadCount: counts.unreadCount };
  return { ...data, messages };
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** PROTOCOL §4.3: the web client sends escaped text with `<br>` line breaks. */
export function textToHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => escapes[c] ?? c).replace(/\r?\n/g, '<br>');
}

/** Characters as the server counts them (code points of the text the user typed). */
export function textLength(text: string): number {
  return Array.from(text).length;
}

/**
 * The oldest of the last `unread` rows from others (event lines do not count), or the oldest
 * loaded row when fewer are loaded. Whether it is out of view is for the list to judge.
 */
export function firstUnreadKey(rows: readonly Message[], myId: number, unread: number): string | null {
  let seen = 0;
  for (let i = rows.length - 1; i >= 0; i--) {
    const m = rows[i];
    if (m && senderId(m) !== myId && m.type !== 'event') seen++;
    if (m && seen >= unread) return m.id;
  }
  return rows[0]?.id ?? null;
}
