import type { QueryClient } from '@tanstack/react-query';
import type { StatisticsEvent } from '@parley/protocol';
import { adminStats } from './admin-stats';
import type {
  Contact,
  EventFrame,
  IsOnlineEvent,
  IsReadRow,
  Message,
  OfflineEvent,
  ReadAllEvent,
  SetChatTopEvent,
  SetIsNoticeEvent,
  SocketEventType,
  AtMsgListEvent,
  DelMessageEvent,
  UndoMessageEvent,
  SelfInfo,
  UserUpdatedEvent,
} from '@parley/protocol';
import { socketEventTypes } from '@parley/protocol';
import { assertNever } from '../../lib/assert-never';
import { contactsKey, patchConversation } from '../conversations/api';
import { applyIncoming, keyOf, senderId, type ContactsData } from '../conversations/model';
import { addToChat, messagesKey, patchChat } from '../chat/api';
import { markRead } from '../chat/model';
import { systemInfoKey } from '../system/api';
import { handleGroupEvent } from '../groups/events';
import { rememberAtList } from '../groups/at-list';
import { friendAppended, friendRemoved, friendRequestPushed } from '../contacts/events';
import { onPresence, onWebrtcEvent } from '../calls/controller';
import { onDelMessage, onUndoMessage } from '../message-actions/events';
import { onMomentsEvent, refreshMomentsAfterBind } from '../moments/events';
import { onSelfUpdated, onUserUpdated } from '../mine/events';

/**
 * Server events (PROTOCOL §11.4) → the query cache and a few side effects. One switch over the
 * closed union: adding an event type to the protocol fails to compile here until handled.
 */
export interface DispatchDeps {
  qc: QueryClient;
  myId(): number | null;
  /** The chat on screen while the page is focused, or null. */
  readingChat(): string | null;
  /** `offline` for this kind of client (web: isMobile false): say so and log out. */
  onKicked(): void;
  /** A message from someone else arrived: sound / vibration when the conversation notifies. */
  onNotify(contact: Contact | undefined, msg: Message): void;
  /** Messages from someone else arrived in the chat being read: tell the server. */
  onReadWhileOpen(conversation: string, msgs: Message[]): void;
  onSystemMessage(msg: Message): void;
}

export function createDispatcher(deps: DispatchDeps): (frame: EventFrame) => void {
  const { qc } = deps;
  const refetchContacts = () => void qc.invalidateQueries({ queryKey: contactsKey });

  function incoming(msg: Message): void {
    const me = deps.myId();
    if (me === null || !msg || typeof msg !== 'object') return;
    const reading = deps.readingChat();
    const data = qc.getQueryData<ContactsData>(contactsKey);
    const result = data ? applyIncoming(data, msg, { myId: me, readingChat: reading }) : null;
    if (result?.kind === 'system') {
      deps.onSystemMessage(msg);
      friendRequestPushed(qc);
      return;
    }
    if (result) qc.setQueryData(contactsKey, result.data);
    if (!result || result.kind === 'unknown') refetchContacts();
    const conversation = result?.kind === 'updated' ? keyOf(result.contact.id) : conversationFallback(msg, me);
    addToChat(qc, conversation, { ...msg, toContactId: conversation });
    if (senderId(msg) === me) return;
    if (reading === conversation) deps.onReadWhileOpen(conversation, [msg]);
    else deps.onNotify(result?.kind === 'updated' ? result.contact : undefined, msg);
  }

  return function dispatch(frame: EventFrame): void {
    // A newer server may send events this client does not know yet: ignore them.
    if (!(socketEventTypes as readonly string[]).includes(frame.type)) return;
    const type = frame.type as SocketEventType;
    switch (type) {
      case 'simple':
      case 'group':
        incoming(frame.data as Message);
        return;
      case 'isOnline': {
        const d = frame.data as IsOnlineEvent;
        patchConversation(qc, d.id, { is_online: d.is_online ? 1 : 0 });
        onPresence(d.id, d.is_online);
        return;
      }
      case 'offline': {
        const d = frame.data as OfflineEvent;
        // Web clients act when the new login is not mobile (PROTOCOL §11.3).
        if (!d.isMobile) deps.onKicked();
        return;
      }
      case 'isRead': {
        const rows = (Array.isArray(frame.data) ? frame.data : []) as IsReadRow[];
        const me = deps.myId();
        const reader = rows[0]?.toContactId;
        if (me === null || reader === undefined) return;
        patchChat(qc, keyOf(reader), (d) => markRead(d, new Set(rows.map((r) => r.id)), me));
        return;
      }
      case 'readAll': {
        const d = frame.data as ReadAllEvent;
        const me = deps.myId();
        if (me !== null) patchChat(qc, keyOf(d.toContactId), (m) => markRead(m, 'all', me));
        return;
      }
      case 'setChatTop': {
        const d = frame.data as SetChatTopEvent;
        patchConversation(qc, d.id, { is_top: d.is_top ? 1 : 0 });
        return;
      }
      case 'setIsNotice': {
        const d = frame.data as SetIsNoticeEvent;
        patchConversation(qc, d.id, { is_notice: d.is_notice ? 1 : 0 });
        return;
      }
      case 'atMsgList': {
        const d = frame.data as AtMsgListEvent;
        patchConversation(qc, d.toContactId, { is_at: Number(d.count) || 0 });
        rememberAtList(keyOf(d.toContactId), d.list);
        return;
      }
      case 'undoMessage':
        onUndoMessage(qc, frame.data as UndoMessageEvent);
        return;
      case 'delMessage':
        onDelMessage(qc, frame.data as DelMessageEvent);
        return;
      case 'updateMessage':
      case 'clearMessage': {
        // The conversation's last line may have changed; the open chat re-reads its rows.
        const d = frame.data as { toContactId?: number | string; group_id?: number | string };
        const conv = d.toContactId ?? (d.group_id !== undefined ? `group-${String(d.group_id).replace(/^group-/, '')}` : undefined);
        if (conv !== undefined) void qc.invalidateQueries({ queryKey: messagesKey(keyOf(conv)) });
        refetchContacts();
        return;
      }
      case 'updateConfig':
        void qc.invalidateQueries({ queryKey: systemInfoKey });
        return;
      case 'addGroup':
      case 'addGroupUser':
      case 'editGroupName':
      case 'setManager':
      case 'removeUser':
      case 'setNoSpeak':
      case 'removeGroup':
      case 'setNotice':
      case 'groupSetting':
      case 'updateCard':
      case 'changeOwner':
        // Group events (features/groups/events.ts); a removeGroup with a user id is a friend's.
        if (type === 'removeGroup' && friendRemoved(qc, frame.data)) return;
        if (handleGroupEvent(qc, type, frame.data, deps.myId())) return;
        refetchContacts();
        return;
      case 'appendContact':
        friendAppended(qc, frame.data as Contact);
        return;
      case 'webrtc':
        onWebrtcEvent(frame.data);
        return;
      case 'updateUser':
        onUserUpdated(qc, frame.data as UserUpdatedEvent);
        return;
      case 'updateSelf':
        onSelfUpdated(frame.data as SelfInfo);
        return;
      case 'moments':
        onMomentsEvent(qc, frame.data);
        return;
      case 'statistics':
        adminStats.emit(frame.data as StatisticsEvent);
        return;
      default:
        assertNever(type, 'socket event');
    }
  };
}

function conversationFallback(msg: Message, me: number): string {
  return senderId(msg) === me ? keyOf(msg.toUser) : keyOf(msg.toContactId);
}

/** Everything on screen is re-read after each (re)bind (PROTOCOL §11.5). */
export function refreshAfterBind(qc: QueryClient, openChat: string | null): void {
  void qc.invalidateQueries({ queryKey: contactsKey });
  refreshMomentsAfterBind(qc);
  if (openChat !== null) void qc.invalidateQueries({ queryKey: messagesKey(openChat) });
}
