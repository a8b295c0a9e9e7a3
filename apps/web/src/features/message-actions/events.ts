import type { QueryClient } from '@tanstack/react-query';
import type { DelMessageEvent, Message, UndoMessageEvent } from '@parley/protocol';
import { endpoints } from '../../lib/endpoints';
import { patchChat } from '../chat/api';
import type { MessagesData } from '../chat/model';
import { patchConversation } from '../conversations/api';
import { keyOf } from '../conversations/model';

/**
 * `undoMessage` and `delMessage` (PROTOCOL §4.6, §11.4) on the caches: the open chat's rows
 * and the conversation list's last line. Reducers are pure; the handlers are what
 * features/realtime/dispatch.ts calls (one line each).
 */

type RecallLine = Pick<UndoMessageEvent, 'id' | 'content'>;

/** The row becomes the recall line: an `event` with no mentions or client extends. */
export function applyUndo(data: MessagesData, ev: RecallLine): MessagesData {
  let hit = false;
  const messages = data.messages.map((m): Message => {
    if (m.id !== ev.id) return m;
    hit = true;
    return { ...m, type: 'event', is_undo: 1, content: ev.content, at: [], pid: 0, extends: null };
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
    .then((c) => patchConversation(qc, conversation, { lastContent: c.lastContent, lastSendTime: c.lastSendTime, type: c.type }))
    .catch(() => undefined);
}

export function onUndoMessage(qc: QueryClient, ev: UndoMessageEvent): void {
  if (!ev || typeof ev.id !== 'string') return;
  const conversation = keyOf(ev.toContactId);
  patchChat(qc, conversation, (d) => applyUndo(d, ev));
  if (ev.is_last === 1) patchConversation(qc, conversation, { lastContent: ev.content, type: 'event' });
}

export function onDelMessage(qc: QueryClient, ev: DelMessageEvent): void {
  if (!ev || typeof ev.id !== 'string') return;
  const conversation = keyOf(ev.toContactId);
  patchChat(qc, conversation, (d) => applyDel(d, ev.id));
  if (ev.is_last === 1) refreshLastLine(qc, conversation);
}
