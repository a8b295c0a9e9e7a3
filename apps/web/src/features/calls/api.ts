import {
  CallStatus,
  paths,
  type CallCode,
  type CallEvent,
  type IceServersAnswer,
  type WebrtcPayload,
} from '@parley/protocol';
import type { CallInfo } from './machine';
import { call } from '../../lib/call';

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
  const info = s.call;
  return call(
    paths.sendToMsg,
    {
      toContactId: info.peer.id,
      type: info.type,
      status: info.role === 'caller' ? CallStatus.caller : CallStatus.callee,
      event: s.event,
      id: info.id,
      ...(info.msgId > 0 ? { msg_id: info.msgId } : {}),
      ...(s.code !== undefined ? { code: s.code } : {}),
      ...(s.callTime !== undefined ? { callTime: s.callTime } : {}),
      ...(s.sdp ? { sdp: s.sdp } : {}),
      ...(s.iceCandidate ? { iceCandidate: s.iceCandidate } : {}),
    },
    { quietSuccess: true },
  );
}

/**
 * `POST /enterprise/im/iceServers` (PROTOCOL §10.4): the servers for one call, with TURN
 * credentials minted for it. Asked before each call (they expire); silent, because the caller
 * falls back to the list in getSystemInfo.
 */
export function fetchIceServers(): Promise<IceServersAnswer> {
  return call(paths.iceServers, {}, { silent: true });
}
