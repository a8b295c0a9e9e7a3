import { CallStatus, paths, type CallCode, type CallEvent, type WebrtcPayload } from '@parley/protocol';
import { api } from '../../lib/api-client';
import type { CallInfo } from './machine';

/** `POST /enterprise/im/sendToMsg` (PROTOCOL §10.1): every signal of a call goes through it. */

export interface SignalInput {
  call: CallInfo;
  event: CallEvent;
  code?: CallCode;
  callTime?: number;
  sdp?: RTCSessionDescriptionInit;
  /** JSON text `{candidate, sdpMLineIndex, sdpMid}`. */
  iceCandidate?: string;
}

export function sendSignal(s: SignalInput): Promise<WebrtcPayload> {
  const { call } = s;
  return api.post<WebrtcPayload>(
    paths.sendToMsg,
    {
      toContactId: call.peer.id,
      type: call.type,
      status: call.role === 'caller' ? CallStatus.caller : CallStatus.callee,
      event: s.event,
      id: call.id,
      ...(call.msgId > 0 ? { msg_id: call.msgId } : {}),
      ...(s.code !== undefined ? { code: s.code } : {}),
      ...(s.callTime !== undefined ? { callTime: s.callTime } : {}),
      ...(s.sdp ? { sdp: s.sdp } : {}),
      ...(s.iceCandidate ? { iceCandidate: s.iceCandidate } : {}),
    },
    { quietSuccess: true },
  );
}
