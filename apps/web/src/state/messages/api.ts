import { useQuery, type QueryClient } from '@tanstack/react-query';
import { newMessageId, type Message } from '@parley/protocol';
import { ApiError } from '../../lib/api-client';
import { endpoints } from '../../lib/endpoints';
import { withTabLock } from '../../lib/tab-lock';
import { contactsKey, markConversationRead, patchConversation } from '../conversations/api';
import { findContact, keyOf, type ContactsData } from '../conversations/model';
import { mergeMessages, pageSize, textToHtml, withNewestPage, withOlderPage, type MessagesData } from './model';
import { outbox, type PendingMessage } from './outbox';

/** A chat's messages in the query cache: newest page on open, older pages on demand. */

export const messagesKey = (conversation: string) => ['messages', conversation] as const;

const rowsOf = (data: Message[] | ''): Message[] => (Array.isArray(data) ? data : []);

/**
 * Per chat, the newest msg_id loaded when the socket came back (`afterReconnect`): below it the
 * rows are whole, above it pushes may sit over a hole of what was sent while we were away.
 * Dropped once the chat's newest page has been read again.
 */
const trustedEdge = new Map<string, number>();

/** Older pages read below a re-read newest page to close a hole; past that the chat starts over. */
const gapPages = 3;

/**
 * The socket is bound again: pushes sent meanwhile were lost, so every cached chat re-reads its
 * newest page, the open one now and the others when next shown (not dozens of requests at once).
 */
export function afterReconnect(qc: QueryClient): void {
  for (const [key, data] of qc.getQueriesData<MessagesData>({ queryKey: ['messages'] })) {
    const conversation = key[1];
    const newest = data?.messages.at(-1)?.msg_id;
    // A window far back (hasNewer) fills its own gap; an edge from an earlier drop is lower still.
    if (typeof conversation !== 'string' || newest === undefined || data?.hasNewer || trustedEdge.has(conversation))
      continue;
    trustedEdge.set(conversation, newest);
  }
  void qc.invalidateQueries({ queryKey: ['messages'] });
}

/** Newest page (chat mode without last_id: the server also marks the chat read). */
export async function fetchNewest(qc: QueryClient, conversation: string): Promise<MessagesData> {
  const before = qc.getQueryData<MessagesData>(messagesKey(conversation));
  const askedOver = new Set(before?.messages.map((m) => m.id));
  const newestLoaded = before?.hasNewer ? undefined : before?.messages.at(-1)?.msg_id;
  // Nothing loaded (or a far window): no edge to reach, whatever an earlier drop recorded.
  const edge = newestLoaded === undefined ? undefined : (trustedEdge.get(conversation) ?? newestLoaded);
  const env = await endpoints.getMessageList({ toContactId: conversation, limit: pageSize });
  markConversationRead(qc, conversation);
  let rows = rowsOf(env.data);
  // A full page that does not reach what is loaded: read on down to it, so the older pages stay.
  let chunk = rows;
  for (
    let i = 0;
    i < gapPages && edge !== undefined && chunk.length >= pageSize && (rows[0]?.msg_id ?? 0) > edge;
    i++
  ) {
    const older = await endpoints.getMessageList({
      toContactId: conversation,
      limit: pageSize,
      last_id: rows[0]?.msg_id ?? 0,
    });
    chunk = rowsOf(older.data);
    rows = mergeMessages(chunk, rows);
  }
  const data = withNewestPage(qc.getQueryData<MessagesData>(messagesKey(conversation)), rows, askedOver, edge);
  trustedEdge.delete(conversation);
  return data;
}

/** `enabled` false: a chat opening at an old message loads its window instead (history/jump.ts). */
export function useMessages(qc: QueryClient, conversation: string, enabled = true) {
  return useQuery({
    queryKey: messagesKey(conversation),
    queryFn: () => fetchNewest(qc, conversation),
    enabled,
    // Fresh once loaded (pushes keep it current), except after a reconnect until re-read: a push
    // written into the cache meanwhile must not make the hole below it look fresh. A window far
    // back (history/jump.ts) fills its own gap downwards and is not replaced by the newest page.
    staleTime: (q) => (trustedEdge.has(conversation) && !q.state.data?.hasNewer ? 0 : Infinity),
    gcTime: 5 * 60_000,
  });
}

/** Older rows below the oldest loaded one; resolves false when there is nothing more. */
export async function loadOlder(qc: QueryClient, conversation: string): Promise<boolean> {
  const data = qc.getQueryData<MessagesData>(messagesKey(conversation));
  const oldest = data?.messages[0];
  if (!data || !data.hasMore || !oldest) return false;
  const env = await endpoints.getMessageList({ toContactId: conversation, limit: pageSize, last_id: oldest.msg_id });
  qc.setQueryData<MessagesData>(messagesKey(conversation), (d) => (d ? withOlderPage(d, rowsOf(env.data)) : d));
  return rowsOf(env.data).length >= pageSize;
}

/** A message that reached this conversation (push or send answer); a no-op if not loaded. */
export function addToChat(qc: QueryClient, conversation: string, msg: Message): void {
  outbox.remove(conversation, msg.id);
  // A window far back (hasNewer) has a gap below it: the row arrives when scrolling reaches it.
  qc.setQueryData<MessagesData>(messagesKey(conversation), (d) =>
    d && !d.hasNewer ? { ...d, messages: mergeMessages(d.messages, [msg]) } : d,
  );
}

export function patchChat(qc: QueryClient, conversation: string, fn: (d: MessagesData) => MessagesData): void {
  qc.setQueryData<MessagesData>(messagesKey(conversation), (d) => (d ? fn(d) : d));
}

/** The server stored my message: it joins the chat and heads the conversation list. */
export function delivered(qc: QueryClient, conversation: string, msg: Message): void {
  addToChat(qc, conversation, { ...msg, toContactId: conversation });
  const listed = findContact(qc.getQueryData<ContactsData>(contactsKey), conversation);
  if (listed)
    patchConversation(qc, conversation, {
      lastContent: msg.content,
      lastSenderName: '',
      lastSendTime: msg.sendTime,
      type: msg.type,
    });
  else void qc.invalidateQueries({ queryKey: contactsKey });
}

/** Failures the network caused: the message waits and goes again by itself (issue 22). */
const transient = new Set(['offline', 'network', 'setup', 'server']);

/** Sending failed: it stays for a retry, unless the server refused it for good. */
export function undelivered(conversation: string, id: string, e: unknown): void {
  // 401 = the group is muted or the upload was refused (size, type): the message cannot exist;
  // the API client showed the reason.
  if (e instanceof ApiError && e.kind === 'code' && e.code === 401) outbox.remove(conversation, id);
  else outbox.setStatus(conversation, id, e instanceof ApiError && transient.has(e.kind) ? 'waiting' : 'failed');
}

/** Send (or resend) a pending message; the same uuid makes a retry idempotent (§4.4). */
async function deliver(qc: QueryClient, p: PendingMessage): Promise<void> {
  outbox.setStatus(p.conversation, p.id, 'sending');
  try {
    const msg = await endpoints.sendMessage({
      id: p.id,
      type: p.type,
      content: p.content,
      toContactId: p.conversation,
      ...(p.at?.length ? { at: p.at } : {}),
      ...(p.pid ? { pid: p.pid } : {}),
      ...(p.extends ? { extends: p.extends } : {}),
    });
    delivered(qc, p.conversation, msg);
  } catch (e) {
    undelivered(p.conversation, p.id, e);
  }
}

/**
 * The one sender of texts, stickers, locations and cards: oldest first, one at a time, so they
 * reach the server in the order typed, across reloads. When the network fails, everything
 * behind waits too (none may overtake it) until `resendWaiting`.
 *
 * Every open tab sees the outbox (outbox.ts), so the sending runs under a lock shared by the
 * tabs: one tab sends at a time, and an entry that another tab delivered meanwhile is dropped
 * here instead of being sent again (`claim`). The lock is handed on only once this tab's device
 * writes (the removal of what it delivered) are done.
 */
const OUTBOX_LOCK = 'parley-outbox-texts';

let running: Promise<void> | null = null;
let again = false;

export function flushOutbox(qc: QueryClient): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  // Started on the next tick, so `finally` never runs before `running` is assigned.
  running = Promise.resolve().then(() =>
    withTabLock(OUTBOX_LOCK, async () => {
      try {
        do {
          again = false;
          const due = () => outbox.all().find((p): p is PendingMessage => !p.upload && p.status === 'sending');
          for (;;) {
            const next = due();
            if (!next) break;
            if (!(await outbox.claim(next.conversation, next.id))) continue;
            // Older ones became due while the device was read (resendWaiting): they go first.
            if (due()?.id !== next.id) continue;
            await deliver(qc, next);
            if (outbox.get(next.conversation, next.id)?.status !== 'waiting') continue;
            for (const p of outbox.all())
              if (!p.upload && p.status === 'sending') outbox.setStatus(p.conversation, p.id, 'waiting');
            break;
          }
          // Inside the loop: a message typed while the writes finish is sent before the lock goes.
          await outbox.settled();
        } while (again);
      } finally {
        running = null;
      }
    }),
  );
  return running;
}

/** The network is back (socket bound again): what waited goes, in order. */
export function resendWaiting(qc: QueryClient): Promise<void> {
  for (const p of outbox.all())
    if (!p.upload && p.status === 'waiting') outbox.setStatus(p.conversation, p.id, 'sending');
  return flushOutbox(qc);
}

/** `quote`: the quoted msg_id and `extends.quote` text (features/message-actions). */
export function sendText(
  qc: QueryClient,
  conversation: string,
  text: string,
  at: number[] = [],
  quote?: { pid: number; extends: Record<string, unknown> },
): Promise<void> {
  const p: PendingMessage = {
    id: newMessageId(),
    conversation: keyOf(conversation),
    type: 'text',
    content: textToHtml(text),
    createdAt: Date.now(),
    status: 'sending',
    at,
    ...(quote ? { pid: quote.pid, extends: quote.extends } : {}),
  };
  outbox.add(p);
  return flushOutbox(qc);
}

/**
 * A sticker, location or contact card: `content` is what the bubble shows until the server's
 * row arrives (for location and contact cards the server writes its own text), `ext` the
 * message's `extends`. Same outbox, retry and idempotent uuid as text.
 */
export function sendRich(
  qc: QueryClient,
  conversation: string,
  type: 'emoji' | 'location' | 'contact',
  content: string,
  ext: Record<string, unknown>,
): Promise<void> {
  const p: PendingMessage = {
    id: newMessageId(),
    conversation: keyOf(conversation),
    type,
    content,
    extends: ext,
    createdAt: Date.now(),
    status: 'sending',
  };
  outbox.add(p);
  return flushOutbox(qc);
}

/** Resends a failed text or sticker, and what waited behind it (uploads: features/media/send-file.ts). */
export function retry(qc: QueryClient, conversation: string, id: string): void {
  const p = outbox.get(conversation, id);
  if (!p || p.upload) return;
  outbox.setStatus(conversation, id, 'sending');
  void resendWaiting(qc);
}

/** Tell the server what I have read while the chat is open (the peer gets isRead/readAll). */
export function reportRead(conversation: string, msgs: Pick<Message, 'id' | 'msg_id'>[]): void {
  void endpoints
    .setMsgIsRead(
      conversation,
      msgs.map((m) => ({ id: m.id, msg_id: m.msg_id })),
    )
    .catch(() => undefined);
}
