import {
  CallCode,
  ContactKind,
  webrtcContent,
  type CallType,
  type Contact,
  type Lang,
  type UserSummary,
  type WebrtcExtends,
  type WebrtcPayload,
} from '@parley/protocol';
import type { MessageRow } from '../../platform/db/schema-chat';
import { parseJsonObject } from '../contacts/index';

/** The `webrtc` payload of PROTOCOL §10.1 and the call facts kept in a stored row's `extends`. */

export interface PayloadInput {
  id: string;
  msgId: number;
  now: number;
  /** The other party from the recipient's side. */
  toContactId: number;
  toUser?: number;
  from: UserSummary;
  ext: WebrtcExtends;
  lang: Lang;
  contactInfo?: Contact;
}

export function webrtcPayload(i: PayloadInput): WebrtcPayload {
  const { ext } = i;
  return {
    id: i.id,
    msg_id: i.msgId,
    sendTime: i.now,
    toContactId: i.toContactId,
    ...(i.toUser !== undefined ? { toUser: i.toUser } : {}),
    content: webrtcContent(ext.event, ext.code, ext.type, ext.callTime, i.lang),
    type: 'webrtc',
    status: 'succeed',
    is_group: ContactKind.person,
    is_read: 0,
    at: [],
    fromUser: i.from,
    extends: ext,
    ...(i.contactInfo !== undefined ? { contactInfo: i.contactInfo } : {}),
  };
}

/** What a stored call row says about the call. */
export interface StoredCall {
  row: MessageRow;
  type: CallType;
  code: number;
  ext: Record<string, unknown>;
}

export function storedCall(row: MessageRow): StoredCall {
  const ext = parseJsonObject(row.extends) ?? {};
  return { row, type: ext.type === 1 ? 1 : 0, code: Number(ext.code ?? CallCode.calling), ext };
}
