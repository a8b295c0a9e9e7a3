import { CallCode, CallType, type CallEvent, type WebrtcPayload } from '@parley/protocol';

/** Test builder of `webrtc` payloads (PROTOCOL §10.1) from `from`'s side to user 1. */
export function webrtcPayload(
  event: CallEvent | 'otherOpt',
  o: {
    from?: number;
    me?: number;
    peer?: number;
    id?: string;
    code?: number;
    msgId?: number;
    callTime?: number;
    type?: 0 | 1;
    sdp?: unknown;
    ice?: string;
    content?: string;
  } = {},
): WebrtcPayload {
  const from = o.from ?? 2;
  const me = o.me ?? 1;
  return {
    id: o.id ?? 'call-1',
    msg_id: o.msgId ?? 7,
    sendTime: 1_700_000_000_000,
    // The other party from the recipient's side: the caller for the callee, the peer for my copies.
    toContactId: from === me ? (o.peer ?? 2) : from,
    content: o.content ?? '',
    type: 'webrtc',
    status: 'succeed',
    is_group: 0,
    is_read: 0,
    at: [],
    fromUser: {
      id: from,
      user_id: from,
      realname: `u${from}`,
      displayName: `User ${from}`,
      account: '',
      avatar: `/a${from}.png`,
      name_py: '',
    },
    extends: {
      type: o.type ?? CallType.video,
      status: 1,
      event,
      code: (o.code ?? CallCode.calling) as CallCode,
      callTime: o.callTime ?? 0,
      ...(o.sdp !== undefined ? { sdp: o.sdp as string } : {}),
      ...(o.ice !== undefined ? { iceCandidate: o.ice } : {}),
      isMobile: false,
    },
  };
}
