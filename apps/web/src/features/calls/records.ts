import type { QueryClient } from '@tanstack/react-query';
import { CallCode, ContactKind, finalCallCodes, OTHER_OPT, type Message, type WebrtcPayload } from '@parley/protocol';
import { addToChat, patchChat, reportRead } from '../../state/messages/api';
import { contactsKey } from '../../state/conversations/api';
import { applyIncoming, keyOf, senderId, type ContactsData } from '../../state/conversations/model';
import { readingChat } from '../../state/conversations/reading';

/**
 * The `webrtc` message of a call in the chat and the conversation list (PROTOCOL §10.2): the
 * `calling` push (or my own answer to it) adds the row; every hangup — the peer's, my other
 * device's copy, the server's safety net, or the answer to my own — rewrites its text and code,
 * so the open chat ends on the final record ("Call duration 00:05").
 */

/** The conversation a payload belongs to: `toContactId` names the other party for me. */
const recordConversation = (p: WebrtcPayload): string => keyOf(p.toContactId);

/** The payload as the Message rows of a chat (the push lacks a few row fields). */
export function asMessage(p: WebrtcPayload, myId: number): Message {
  const conversation = Number(p.toContactId);
  const from = Number(p.fromUser?.id ?? 0);
  const mine = from === myId;
  const { sdp: _sdp, iceCandidate: _ice, ...ext } = p.extends;
  return {
    id: p.id,
    msg_id: Number(p.msg_id) || 0,
    type: 'webrtc',
    content: p.content,
    sendTime: p.sendTime,
    status: 'succeed',
    is_group: ContactKind.person,
    is_read: 0,
    is_undo: 0,
    is_last: 1,
    toContactId: conversation,
    toUser: mine ? conversation : myId,
    to_user: mine ? conversation : myId,
    from_user: from,
    fromUser: p.fromUser,
    at: [],
    pid: 0,
    extends: { ...ext, event: 'calling' },
    role: 0,
    ...(p.contactInfo ? { contactInfo: p.contactInfo } : {}),
  };
}

/** A hangup (or its copy) that settles how the call ended. */
function isFinalUpdate(p: WebrtcPayload): boolean {
  const event = p.extends?.event;
  return (event === 'hangup' || event === OTHER_OPT) && finalCallCodes.includes(Number(p.extends?.code) as CallCode);
}

export function applyCallRecord(qc: QueryClient, p: WebrtcPayload, myId: number): void {
  if (!p || typeof p !== 'object' || !p.extends) return;
  const conversation = recordConversation(p);
  if (p.extends.event === 'calling' && Number(p.msg_id) > 0) {
    const msg = asMessage(p, myId);
    const reading = readingChat();
    const data = qc.getQueryData<ContactsData>(contactsKey);
    const result = data ? applyIncoming(data, msg, { myId, readingChat: reading }) : null;
    if (result && result.kind !== 'system') qc.setQueryData(contactsKey, result.data);
    if (!result || result.kind !== 'updated') void qc.invalidateQueries({ queryKey: contactsKey });
    addToChat(qc, conversation, msg);
    if (reading === conversation && senderId(msg) !== myId) reportRead(conversation, [msg]);
    return;
  }
  if (!isFinalUpdate(p)) return;
  const code = Number(p.extends.code);
  const callTime = code === CallCode.ended ? Number(p.extends.callTime) || 0 : 0;
  patchChat(qc, conversation, (d) => ({
    ...d,
    messages: d.messages.map((m) =>
      m.id === p.id ? { ...m, content: p.content, extends: { ...m.extends, code, callTime } } : m,
    ),
  }));
  // The list line shows the call's final text too (when it is the newest message).
  void qc.invalidateQueries({ queryKey: contactsKey });
}
