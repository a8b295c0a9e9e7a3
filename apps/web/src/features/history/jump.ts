import type { QueryClient } from '@tanstack/react-query';
import type { Message } from '@parley/protocol';
import { fetchNewest, messagesKey } from '../../state/messages/api';
import { mergeMessages, type MessagesData } from '../../state/messages/model';
import { actionsApi } from '../../state/messages/actions-api';

/**
 * The "window" mode of a chat's message cache: opening a chat at an old message (a history
 * result, a quote) loads rows around it with getMessageContext instead of paging back from the
 * newest, so 200 or 20 000 messages back cost one request. `hasNewer` marks the gap below the
 * window; scrolling down fills it until the newest row is loaded and live pushes join again.
 */

/** Rows each side of the target and per step down (PROTOCOL §4.5 allows up to 50). */
const CONTEXT_LIMIT = 30;

/** A window around `target` from a getMessageContext answer. */
export function windowAround(rows: readonly Message[], target: number, limit: number = CONTEXT_LIMIT): MessagesData {
  const older = rows.filter((m) => m.msg_id < target).length;
  const newer = rows.filter((m) => m.msg_id > target).length;
  return { messages: mergeMessages([], rows), hasMore: older >= limit, hasNewer: newer >= limit };
}

/** The window grown downwards by one getMessageContext answer around its newest row. */
export function withNewerRows(
  existing: MessagesData,
  rows: readonly Message[],
  limit: number = CONTEXT_LIMIT,
): MessagesData {
  const newest = existing.messages[existing.messages.length - 1]?.msg_id ?? 0;
  const newer = rows.filter((m) => m.msg_id > newest);
  return { ...existing, messages: mergeMessages(existing.messages, newer), hasNewer: newer.length >= limit };
}

/** The row with `msgId` in this chat's cache, loading a window around it when it is not there. */
export async function openAt(qc: QueryClient, conversation: string, msgId: number): Promise<Message | null> {
  const loaded = qc.getQueryData<MessagesData>(messagesKey(conversation))?.messages.find((m) => m.msg_id === msgId);
  if (loaded) return loaded;
  const rows = await actionsApi.context(conversation, msgId, CONTEXT_LIMIT);
  const target = rows.find((m) => m.msg_id === msgId);
  if (!target) return null;
  qc.setQueryData<MessagesData>(messagesKey(conversation), windowAround(rows, msgId));
  return target;
}

/** One step down the gap; resolves true while more newer rows remain. */
export async function loadNewer(qc: QueryClient, conversation: string): Promise<boolean> {
  const data = qc.getQueryData<MessagesData>(messagesKey(conversation));
  const newest = data?.messages[data.messages.length - 1];
  if (!data?.hasNewer || !newest) return false;
  const rows = await actionsApi.context(conversation, newest.msg_id, CONTEXT_LIMIT);
  let more = false;
  qc.setQueryData<MessagesData>(messagesKey(conversation), (d) => {
    if (!d) return d;
    const next = withNewerRows(d, rows);
    more = next.hasNewer === true;
    return next;
  });
  return more;
}

/** Back to the newest page (before sending from a window, so the new message is in view). */
export async function backToNewest(qc: QueryClient, conversation: string): Promise<void> {
  if (!qc.getQueryData<MessagesData>(messagesKey(conversation))?.hasNewer) return;
  const data = await fetchNewest(qc, conversation);
  qc.setQueryData<MessagesData>(messagesKey(conversation), data);
}
