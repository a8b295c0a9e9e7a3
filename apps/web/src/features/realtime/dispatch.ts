import type { QueryClient } from '@tanstack/react-query';
import {
  socketEventTypes,
  type Contact,
  type EventFrame,
  type FriendRequestPush,
  type Message,
  type TypedEventFrame,
} from '@parley/protocol';
import { adminStats } from './admin-stats';
import { assertNever } from '../../lib/assert-never';
import { contactsKey, patchConversation } from '../../state/conversations/api';
import { notePresence } from '../../state/conversations/presence-overlay';
import { applyIncoming, keyOf, senderId, type ContactsData } from '../../state/conversations/model';
import { addToChat, afterReconnect, messagesKey, patchChat } from '../../state/messages/api';
import { markRead, setReadCounts } from '../../state/messages/model';
import { systemInfoKey } from '../system/api';
import { onConfigChanged } from '../system/events';
import { groupKey } from '../groups/api';
import { handleGroupEvent } from '../groups/events';
import { rememberAtList } from '../groups/at-list';
import { friendAppended, friendRemoved, friendRequestPushed, remarkChanged } from '../contacts/events';
import { onPresence, onWebrtcEvent } from '../calls/controller';
import { onDelMessage, onUndoMessage } from '../message-actions/events';
import { onMomentsEvent, refreshMomentsAfterBind } from '../moments/events';
import { onSelfUpdated, onUserUpdated } from '../mine/events';
import { onOrgChanged } from '../org/events';

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
  /** A friend request arrived (a `simple` push to the "system" conversation). */
  onSystemMessage(push: FriendRequestPush): void;
}

/** Types this client knows; a newer server may send others, which are ignored. */
export const isKnownFrame = (frame: EventFrame): frame is TypedEventFrame =>
  socketEventTypes.some((t) => t === frame.type);
/** The `simple` push of a friend request, which is no message of any chat (PROTOCOL §7 add). */
const isFriendRequest = (d: Message | FriendRequestPush): d is FriendRequestPush => d.toContactId === 'system';

export function createDispatcher(deps: DispatchDeps): (frame: EventFrame) => void {
  const { qc } = deps;
  const refetchContacts = () => void qc.invalidateQueries({ queryKey: contactsKey });

  function incoming(msg: Message | FriendRequestPush): void {
    const me = deps.myId();
    if (me === null) return;
    if (isFriendRequest(msg)) {
      deps.onSystemMessage(msg);
      friendRequestPushed(qc);
      return;
    }
    const reading = deps.readingChat();
    const data = qc.getQueryData<ContactsData>(contactsKey);
    const result = data ? applyIncoming(data, msg, { myId: me, readingChat: reading }) : null;
    if (result?.kind === 'system') return;
    if (result) qc.setQueryData(contactsKey, result.data);
    // A list fetch under way may have been answered before this message was stored: its answer
    // would then overwrite the row just updated, and the unread count and preview would be lost
    // until the next fetch. Invalidating cancels it and fetches again; the push comes only after
    // the commit, so the new answer holds the message.
    if (!result || result.kind === 'unknown' || qc.isFetching({ queryKey: contactsKey }) > 0) refetchContacts();
    const conversation = result?.kind === 'updated' ? keyOf(result.contact.id) : conversationFallback(msg, me);
    addToChat(qc, conversation, { ...msg, toContactId: conversation });
    if (senderId(msg) === me) return;
    if (reading === conversation) deps.onReadWhileOpen(conversation, [msg]);
    else deps.onNotify(result?.kind === 'updated' ? result.contact : undefined, msg);
  }

  return function dispatch(frame: EventFrame): void {
    if (!isKnownFrame(frame)) return;
    switch (frame.type) {
      case 'simple':
      case 'group':
        incoming(frame.data);
        return;
      case 'isOnline': {
        const d = frame.data;
        patchConversation(qc, d.id, { is_online: d.is_online ? 1 : 0 });
        notePresence(d.id, Boolean(d.is_online));
        onPresence(d.id, d.is_online);
        return;
      }
      case 'offline':
        // Web clients act when the new login is not mobile (PROTOCOL §11.3).
        if (!frame.data.isMobile) deps.onKicked();
        return;
      case 'isRead': {
        const rows = frame.data;
        const me = deps.myId();
        const reader = rows[0]?.toContactId;
        if (me === null || reader === undefined) return;
        patchChat(qc, keyOf(reader), (d) => markRead(d, new Set(rows.map((r) => r.id)), me));
        return;
      }
      case 'readAll': {
        const d = frame.data;
        const me = deps.myId();
        if (me !== null) patchChat(qc, keyOf(d.toContactId), (m) => markRead(m, 'all', me));
        return;
      }
      case 'setChatTop':
        patchConversation(qc, frame.data.id, { is_top: frame.data.is_top ? 1 : 0 });
        return;
      case 'setIsNotice':
        patchConversation(qc, frame.data.id, { is_notice: frame.data.is_notice ? 1 : 0 });
        return;
      case 'atMsgList': {
        const d = frame.data;
        patchConversation(qc, d.toContactId, { is_at: d.count });
        rememberAtList(keyOf(d.toContactId), d.list);
        return;
      }
      case 'undoMessage':
        onUndoMessage(qc, frame.data);
        return;
      case 'delMessage':
        onDelMessage(qc, frame.data);
        return;
      case 'updateMessage':
        // The conversation's last line may have changed; the open chat re-reads its rows.
        void qc.invalidateQueries({ queryKey: messagesKey(keyOf(frame.data.toContactId)) });
        refetchContacts();
        return;
      case 'clearMessage':
        void qc.invalidateQueries({ queryKey: messagesKey(groupKey(frame.data.group_id)) });
        refetchContacts();
        return;
      case 'updateConfig':
        // The organization was not kept fresh while runMode 2 hid it; cards carry its names too.
        onConfigChanged(qc, frame.data, () => {
          refetchContacts();
          onOrgChanged(qc);
        });
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
        if (frame.type === 'removeGroup' && friendRemoved(qc, frame.data)) return;
        if (handleGroupEvent(qc, frame, deps.myId())) return;
        refetchContacts();
        return;
      case 'appendContact':
        friendAppended(qc, frame.data);
        return;
      case 'webrtc':
        onWebrtcEvent(frame.data);
        return;
      case 'updateUser':
        onUserUpdated(qc, frame.data);
        return;
      case 'updateSelf':
        onSelfUpdated(frame.data);
        return;
      case 'setNickname':
        remarkChanged(qc, frame.data);
        return;
      case 'moments':
        onMomentsEvent(qc, frame.data);
        return;
      case 'statistics':
        adminStats.emit(frame.data);
        return;
      case 'orgChanged':
        onOrgChanged(qc);
        return;
      case 'groupRead': {
        // §17: the counts under my message fall as members read it; an open read list re-reads.
        const { group_id, id, readCount, unreadCount } = frame.data;
        patchChat(qc, keyOf(group_id), (d) => setReadCounts(d, id, { readCount, unreadCount }));
        void qc.invalidateQueries({ queryKey: ['readList', id] });
        return;
      }
      default:
        assertNever(frame, 'socket event');
    }
  };
}

function conversationFallback(msg: Message, me: number): string {
  return senderId(msg) === me ? keyOf(msg.toUser) : keyOf(msg.toContactId);
}

/**
 * Everything on screen is re-read after each (re)bind (PROTOCOL §11.5), and every cached chat
 * when next shown: pushes sent while the socket was down never came, so a chat left in the cache
 * would otherwise keep that hole until a reload.
 */
export function refreshAfterBind(qc: QueryClient): void {
  void qc.invalidateQueries({ queryKey: contactsKey });
  // The server does not replay pushes missed while the socket was down: a settings change made then
  // (updateConfig) would otherwise stay unseen for the site info's five minutes, and an open console
  // would not say that another administrator changed what it shows (read again as updateConfig does).
  void qc.invalidateQueries({ queryKey: systemInfoKey, refetchType: 'all' });
  refreshMomentsAfterBind(qc);
  afterReconnect(qc);
}
