import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Message } from '@parley/protocol';
import { ApiError } from '../../lib/api-client';
import { endpoints } from '../../lib/endpoints';
import { contactsKey, markConversationRead, patchConversation } from '../conversations/api';
import { findContact, keyOf, type ContactsData } from '../conversations/model';
import { mergeMessages, pageSize, textToHtml, withNewestPage, withOlderPage, type MessagesData } from './model';
import { outbox, type PendingMessage } from './outbox';

/** A chat's messages in the query cache: newest page on open, older pages on demand. */

export const messagesKey = (conversation: string) => ['messages', conversation] as const;

const rowsOf = (data: Message[] | ''): Message[] => (Array.isArray(data) ? data : []);

/** Newest page (chat mode without last_id: the server also marks the chat read). */
export async function fetchNewest(qc: QueryClient, conversation: string): Promise<MessagesData> {
  const env = await endpoints.getMessageList({ toContactId: conversation, limit: pageSize });
  markConversationRead(qc, conversation);
  return withNewestPage(qc.getQueryData<MessagesData>(messagesKey(conversation)), rowsOf(env.data));
}

/** `enabled` false: a chat opening at an old message loads its window instead (history/jump.ts). */
export function useMessages(qc: QueryClient, conversation: string, enabled = true) {
  return useQuery({
    queryKey: messagesKey(conversation),
    queryFn: () => fetchNewest(qc, conversation),
    enabled,
    staleTime: Infinity,
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
  if (listed) patchConversation(qc, conversation, { lastContent: msg.content, lastSenderName: '', lastSendTime: msg.sendTime, type: msg.type });
  else void qc.invalidateQueries({ queryKey: contactsKey });
}

/** Sending failed: it stays for a retry, unless the server refused it for good. */
export function undelivered(conversation: string, id: string, e: unknown): void {
  // 401 = the group is muted or the upload was refused (size, type): the message cannot exist;
  // the API client showed the reason.
  if (e instanceof ApiError && e.kind === 'code' && e.code === 401) outbox.remove(conversation, id);
  else outbox.setStatus(conversation, id, 'failed');
}

/** Send (or resend) a pending message; the same uuid makes a retry idempotent (§4.4). */
export async function deliver(qc: QueryClient, p: PendingMessage): Promise<void> {
  outbox.setStatus(p.conversation, p.id, 'sending');
  try {
    const msg = await endpoints.sendMessage({ id: p.id, type: p.type, content: p.content, toContactId: p.conversation, ...(p.at?.length ? { at: p.at } : {}), ...(p.pid ? { pid: p.pid } : {}), ...(p.extends ? { extends: p.extends } : {}) });
    delivered(qc, p.conversation, msg);
  } catch (e) {
    undelivered(p.conversation, p.id, e);
  }
}

/** `quote`: the quoted msg_id and `extends.quote` text (features/message-actions). */
export function sendText(qc: QueryClient, conversation: string, text: string, at: number[] = [], quote?: { pid: number; extends: Record<string, unknown> }): Promise<void> {
  const p: PendingMessage = {
    id: crypto.randomUUID(),
    conversation: keyOf(conversation),
    type: 'text',
    content: textToHtml(text),
    createdAt: Date.now(),
    status: 'sending',
    at,
    ...(quote ? { pid: quote.pid, extends: quote.extends } : {}),
  };
  outbox.add(p);
  return deliver(qc, p);
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
  const p: PendingMessage = { id: crypto.randomUUID(), conversation: keyOf(conversation), type, content, extends: ext, createdAt: Date.now(), status: 'sending' };
  outbox.add(p);
  return deliver(qc, p);
}

/** Resends a failed text or sticker (uploads retry through features/media/send-file.ts). */
export function retry(qc: QueryClient, conversation: string, id: string): void {
  const p = outbox.get(conversation, id);
  if (p && !p.upload) void deliver(qc, p);
}

/** Tell the server what I have read while the chat is open (the peer gets isRead/readAll). */
export function reportRead(conversation: string, msgs: Pick<Message, 'id' | 'msg_id'>[]): void {
  void endpoints
    .setMsgIsRead(conversation, msgs.map((m) => ({ id: m.id, msg_id: m.msg_id })))
    .catch(() => undefined);
}
