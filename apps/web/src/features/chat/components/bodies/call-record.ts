import { callText, CallType, type Lang } from '@parley/protocol';
import { plainText } from '../../../../state/conversations/model';
import type { BodyMessage } from '../../../../state/messages/types';

/** What a call record (`webrtc` message, PROTOCOL §10.3) shows and whom a tap calls back. */
export interface CallRecordView {
  /** The call text in the reader's language, from `extends`; the stored text when it lacks a code. */
  text: string;
  type: CallType;
  /** The other party of the call. */
  peerId: number;
}

export const protocolLang = (language: string | undefined): Lang => (language === 'en' ? 'en-us' : 'zh-cn');

export function callRecordView(msg: BodyMessage, mine: boolean, lang: Lang): CallRecordView {
  const ext = msg.extends ?? {};
  const type = Number(ext.type) === CallType.video ? CallType.video : CallType.voice;
  const code = Number(ext.code);
  const text =
    Number.isInteger(code) && code > 0 ? callText(code, type, Number(ext.callTime) || 0, lang) : plainText(msg.content);
  // Rows name the conversation from the reader's side; pushes kept in the cache do too.
  const peerId = Number(msg.toContactId) || Number(mine ? msg.to_user : msg.from_user) || 0;
  return { text, type, peerId };
}
