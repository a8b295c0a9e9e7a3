import type { QueryClient } from '@tanstack/react-query';
import type { DelMessageEvent, Message, UndoMessageEvent } from '@parley/protocol';
import { endpoints } from '../../lib/endpoints';
import { patchChat } from '../../state/messages/api';
import type { MessagesData } from '../../state/messages/model';
import { patchConversation } from '../../state/conversations/api';
import { keyOf } from '../../state/conversations/model';
import { useAuth } from '../../state/auth';
import { i18n } from '../../i18n';
import { eventLineText } from '../../state/messages/event-line';
import { escapeHtml } from '../../lib/format/plain-text';

/**
 * `undoMessage` and `delMessage` (PROTOCOL §4.6, §11.4) on the caches: the open chat's rows
 * and the conversation list's last line. Reducers are pure; the handlers are what
 * features/realtime/dispatch.ts calls (one line each).
 */

type RecallLine = Pick<UndoMessageEvent, 'id' | 'content' | 'extends'>;

/** The row becomes the recall line: an `event` with no mentions or client extends; `undoBy` words it for the reader. */
export function applyUndo(data: MessagesData, ev: RecallLine): MessagesData {
  let hit = false;
  const messages = data.messages.map((m): Message => {
    if (m.id !== ev.id) return m;
    hit = true;
    return { ...m, type: 'event', is_undo: 1, content: ev.content, at: [], pid: 0, extends: ev.extends ?? null };
  });
  return hit ? { ...data, messages } : data;
}

export function applyDel(data: MessagesData, id: string): MessagesData {
  const messages = data.messages.filter((m) => m.id !== id);
  return messages.length === data.messages.length ? data : { ...data, messages };
}

/** The list shows what is now the newest row of that conversation, as the server has it. */
export function refreshLastLine(qc: QueryClient, conversation: string): void {
  void endpoints
    .getContactInfo(conversation)
    .then((c) =>
      patchConversation(qc, conversation, { lastContent: c.lastContent, lastSendTime: c.lastSendTime, type: c.type }),
    )
    .catch(() => undefined);
}

export function onUndoMessage(qc: QueryClient, ev: UndoMessageEvent): void {
  if (!ev || typeof ev.id !== 'string') return;
  const conversation = keyOf(ev.toContactId);
  let senderName = '';
  patchChat(qc, conversation, (d) => {
    senderName = d.messages.find((m) => m.id === ev.id)?.fromUser?.displayName ?? '';
    return applyUndo(d, ev);
  });
  if (ev.is_last !== 1) return;
  // The push words the line in the recaller's language; the list shows it in mine.
  const myId = useAuth.getState().userInfo?.user_id ?? 0;
  const line = eventLineText({ ...ev, extends: ev.extends ?? null }, { t: i18n.t, myId, senderName });
  patchConversation(qc, conversation, { lastContent: escapeHtml(line), lastSenderName: '', type: 'event' });
}

export function onDelMessage(qc: QueryClient, ev: DelMessageEvent): void {
  if (!ev || typeof ev.id !== 'string') return;
  const conversation = keyOf(ev.toContactId);
  patchChat(qc, conversation, (d) => applyDel(d, ev.id));
  if (ev.is_last === 1) refreshLastLine(qc, conversation);
}
