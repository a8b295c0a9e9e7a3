import { CallCode, CallType, OTHER_OPT, callLimits, type CallEvent, type WebrtcPayload } from '@parley/protocol';

/**
 * The call state machine of one device (PROTOCOL §10, spec §4 "Call lock"): pure, so every
 * transition is unit-tested. `transition(state, input)` returns the next state and the effects
 * the controller carries out (signals to send, media and peer-connection steps, ringtone,
 * timers). Media and WebRTC live in rtc.ts; nothing here touches the browser.
 */

export type CallRole = 'caller' | 'callee';

export interface CallPeer {
  id: number;
  name: string;
  avatar: string;
}

export interface CallInfo {
  /** The call id = the uuid of its `webrtc` message. */
  id: string;
  /** The stored row's msg_id; 0 until the server answered `calling`. */
  msgId: number;
  peer: CallPeer;
  type: CallType;
  role: CallRole;
}

/** Why a call ended, when the code alone does not say it (shown instead of the call text). */
/**
 * `iceFailed`: the media never found a way between the two devices (PROTOCOL §10.4 catalogue
 * `call.iceFailed`); `network`: a call that was up lost its connection.
 */
export type EndReason =
  'camera' | 'microphone' | 'media' | 'insecure' | 'offline' | 'noAnswer' | 'network' | 'iceFailed' | 'failed';

export type CallState =
  | { phase: 'idle' }
  /**
   * I called; `sent` once `calling` went out (media first), ringing at the peer once msgId > 0.
   * `peerLeft`: the peer went offline while `calling` was unanswered; the reply decides (below).
   */
  | { phase: 'outgoing'; call: CallInfo; sent: boolean; peerLeft?: boolean }
  | { phase: 'incoming'; call: CallInfo }
  /** Accepted; negotiating media. The callee sends acceptRtc once its media is ready. */
  | { phase: 'connecting'; call: CallInfo; mediaReady: boolean }
  | { phase: 'inCall'; call: CallInfo; connectedAt: number }
  | { phase: 'ended'; call: CallInfo; code: CallCode; callTime: number; reason?: EndReason };

export type MediaFailure = 'camera' | 'microphone' | 'media' | 'insecure';

/**
 * Endings the user has to act on (grant a permission, use HTTPS, check the network or ask IT
 * for a relay): they stay until dismissed.
 */
export function needsAction(state: CallState): boolean {
  return (
    state.phase === 'ended' &&
    (['camera', 'microphone', 'media', 'insecure', 'iceFailed'] as (EndReason | undefined)[]).includes(state.reason)
  );
}

export type CallInput =
  | { type: 'start'; id: string; peer: CallPeer; callType: CallType }
  | { type: 'accept' }
  | { type: 'decline' }
  /** The red button: cancel while ringing, decline an incoming call, end a call. */
  | { type: 'hangup'; now: number }
  | { type: 'mediaReady' }
  | { type: 'mediaError'; failure: MediaFailure }
  /** The server stored `calling` (its answer carries the msg_id). */
  | { type: 'callingSent'; msgId: number }
  /** `calling` was refused or never arrived (the API client showed why). */
  | { type: 'sendFailed' }
  | { type: 'signal'; payload: WebrtcPayload; myId: number }
  | { type: 'ringTimeout' }
  | { type: 'connectTimeout' }
  | { type: 'connected'; now: number }
  | { type: 'connectionFailed'; now: number }
  /** The peer's `isOnline` dropped to 0. */
  | { type: 'peerOffline'; userId: number; now: number }
  /** The ended screen was closed. */
  | { type: 'dismiss' };

export type TimerName = 'ring' | 'connect';

export type CallEffect =
  | { type: 'send'; event: CallEvent; code?: CallCode; callTime?: number; call: CallInfo }
  | { type: 'acquireMedia'; callType: CallType }
  | { type: 'createOffer' }
  | { type: 'acceptOffer'; sdp: unknown }
  | { type: 'acceptAnswer'; sdp: unknown }
  | { type: 'addCandidate'; candidate: string }
  | { type: 'releaseMedia' }
  | { type: 'ring'; on: boolean }
  | { type: 'startTimer'; name: TimerName; ms: number }
  | { type: 'clearTimers' };

export interface Step {
  state: CallState;
  effects: CallEffect[];
}

/** How long an accepted call may take to connect its media before it is given up (905). */
export const CONNECT_TIMEOUT_MS = 30_000;
/**
 * An incoming call rings until the caller cancels or the server's 60 s safety net says 905;
 * this local limit (a little longer) only covers pushes that never came.
 */
export const INCOMING_RING_MS = callLimits.ringServerMs + 5_000;

export const idle: CallState = { phase: 'idle' };

/** Spec §4 call lock: held from an offer, an answer or an incoming call until the call ends. */
export function isLocked(state: CallState): boolean {
  return state.phase !== 'idle' && state.phase !== 'ended';
}

export function callOf(state: CallState): CallInfo | null {
  return state.phase === 'idle' ? null : state.call;
}

const same = (state: CallState): Step => ({ state, effects: [] });

function end(
  call: CallInfo,
  code: CallCode,
  opts: { send?: CallCode; callTime?: number; reason?: EndReason } = {},
): Step {
  const callTime = opts.callTime ?? 0;
  const effects: CallEffect[] = [];
  if (opts.send !== undefined) {
    effects.push({
      type: 'send',
      event: 'hangup',
      code: opts.send,
      call,
      ...(opts.send === CallCode.ended ? { callTime } : {}),
    });
  }
  effects.push({ type: 'ring', on: false }, { type: 'clearTimers' }, { type: 'releaseMedia' });
  return { state: { phase: 'ended', call, code, callTime, ...(opts.reason ? { reason: opts.reason } : {}) }, effects };
}

const seconds = (from: number, to: number) => Math.max(0, Math.round((to - from) / 1000));

const peerOf = (p: WebrtcPayload): number => Number(p.fromUser?.id ?? 0);

/** The call of an incoming `calling` payload, from the callee's side. */
function incomingCall(p: WebrtcPayload): CallInfo {
  return {
    id: p.id,
    msgId: Number(p.msg_id) || 0,
    peer: {
      id: peerOf(p),
      name: p.fromUser?.displayName || p.fromUser?.realname || '',
      avatar: p.fromUser?.avatar ?? '',
    },
    type: Number(p.extends?.type) === CallType.video ? CallType.video : CallType.voice,
    role: 'callee',
  };
}

function finalCode(n: unknown): CallCode {
  const c = Number(n);
  return (Object.values(CallCode) as number[]).includes(c) ? (c as CallCode) : CallCode.notConnected;
}

/** End without a reply: the other side (or the server) ended the call with `code`. */
function endedByThem(call: CallInfo, p: WebrtcPayload): Step {
  const code = finalCode(p.extends?.code);
  return end(call, code === CallCode.calling || code === CallCode.answered ? CallCode.notConnected : code, {
    callTime: code === CallCode.ended ? Number(p.extends?.callTime) || 0 : 0,
  });
}

function onSignal(state: CallState, p: WebrtcPayload, myId: number): Step {
  const event = p.extends?.event;
  const fromMe = peerOf(p) === myId;
  const current = callOf(state);

  if (event === 'calling') {
    if (fromMe) return same(state); // my own call (this device's or another's copy)
    if (current?.id === p.id) return same(state); // a repeated push of a call I know
    const call = incomingCall(p);
    // Spec §4: a call arriving while I am in one is answered busy automatically.
    if (isLocked(state)) return { state, effects: [{ type: 'send', event: 'busy', code: CallCode.busy, call }] };
    return {
      state: { phase: 'incoming', call },
      effects: [
        { type: 'ring', on: true },
        { type: 'startTimer', name: 'ring', ms: INCOMING_RING_MS },
      ],
    };
  }

  if (!current || current.id !== p.id || !isLocked(state)) return same(state);

  if (event === OTHER_OPT) {
    // My other device answered or declined while this one rang (§10.2); in any other phase
    // it is the copy of what this device did.
    return state.phase === 'incoming' ? end(current, CallCode.handledElsewhere) : same(state);
  }
  // My own hangups come back as otherOpt copies; a `hangup` naming me as sender is the
  // server's safety net (905, sent as from the caller).
  if (event === 'hangup') return endedByThem(current, p);
  if (fromMe) return same(state);

  switch (state.phase) {
    case 'outgoing':
      if (event === 'busy') {
        // A device of theirs is in a call: record it (the row exists when the server gave a
        // msg_id); when they are offline the server stored nothing and answered busy itself.
        return end(current, CallCode.busy, Number(p.msg_id) > 0 ? { send: CallCode.busy } : {});
      }
      if (event === 'acceptRtc') {
        return {
          state: { phase: 'connecting', call: current, mediaReady: true },
          effects: [
            { type: 'ring', on: false },
            { type: 'clearTimers' },
            { type: 'createOffer' },
            { type: 'startTimer', name: 'connect', ms: CONNECT_TIMEOUT_MS },
          ],
        };
      }
      return same(state);
    case 'connecting':
    case 'inCall': {
      // In a call either side may offer again: the ICE restart of a device whose network changed.
      const restarting = state.phase === 'inCall';
      if (event === 'offer' && (current.role === 'callee' || restarting))
        return { state, effects: [{ type: 'acceptOffer', sdp: p.extends?.sdp }] };
      if (event === 'answer' && (current.role === 'caller' || restarting))
        return { state, effects: [{ type: 'acceptAnswer', sdp: p.extends?.sdp }] };
      if (event === 'iceCandidate' && p.extends?.iceCandidate) {
        return { state, effects: [{ type: 'addCandidate', candidate: String(p.extends.iceCandidate) }] };
      }
      return same(state);
    }
    default:
      return same(state);
  }
}

/** Hang up from whatever phase I am in, with the code that phase calls for. */
function hangUp(state: CallState, now: number, reason?: EndReason): Step {
  switch (state.phase) {
    case 'outgoing':
      return end(state.call, CallCode.cancelled, {
        ...(state.sent ? { send: CallCode.cancelled } : {}),
        ...(reason ? { reason } : {}),
      });
    case 'incoming':
      return end(state.call, CallCode.declined, { send: CallCode.declined, ...(reason ? { reason } : {}) });
    case 'connecting':
      return end(state.call, CallCode.notConnected, { send: CallCode.notConnected, ...(reason ? { reason } : {}) });
    case 'inCall': {
      const callTime = seconds(state.connectedAt, now);
      return end(state.call, CallCode.ended, { send: CallCode.ended, callTime, ...(reason ? { reason } : {}) });
    }
    default:
      return same(state);
  }
}

export function transition(state: CallState, input: CallInput): Step {
  switch (input.type) {
    case 'start': {
      if (isLocked(state)) return same(state);
      const call: CallInfo = { id: input.id, msgId: 0, peer: input.peer, type: input.callType, role: 'caller' };
      return {
        state: { phase: 'outgoing', call, sent: false },
        effects: [{ type: 'acquireMedia', callType: input.callType }],
      };
    }
    case 'accept':
      if (state.phase !== 'incoming') return same(state);
      return {
        state: { phase: 'connecting', call: state.call, mediaReady: false },
        effects: [
          { type: 'ring', on: false },
          { type: 'clearTimers' },
          { type: 'acquireMedia', callType: state.call.type },
        ],
      };
    case 'decline':
      return state.phase === 'incoming' ? hangUp(state, 0) : same(state);
    case 'hangup':
      return hangUp(state, input.now);
    case 'mediaReady':
      if (state.phase === 'outgoing' && !state.sent) {
        return {
          state: { ...state, sent: true },
          effects: [
            { type: 'send', event: 'calling', code: CallCode.calling, call: state.call },
            { type: 'ring', on: true },
            { type: 'startTimer', name: 'ring', ms: callLimits.ringClientMs },
          ],
        };
      }
      if (state.phase === 'connecting' && !state.mediaReady) {
        return {
          state: { ...state, mediaReady: true },
          effects: [
            { type: 'send', event: 'acceptRtc', code: CallCode.answered, call: state.call },
            { type: 'startTimer', name: 'connect', ms: CONNECT_TIMEOUT_MS },
          ],
        };
      }
      return same(state);
    case 'mediaError':
      // No dangling call: hang up with the phase's code, release whatever was acquired.
      if (state.phase === 'outgoing' || state.phase === 'connecting' || state.phase === 'inCall') {
        return hangUp(state, 0, input.failure);
      }
      return same(state);
    case 'callingSent': {
      if (state.phase !== 'outgoing' || state.call.msgId > 0) return same(state);
      const call = { ...state.call, msgId: input.msgId };
      // The peer left while the server still counted them online: the row exists, close it.
      if (state.peerLeft) return end(call, CallCode.notConnected, { send: CallCode.notConnected, reason: 'offline' });
      return same({ phase: 'outgoing', call, sent: state.sent });
    }
    case 'sendFailed':
      return state.phase === 'outgoing' ? end(state.call, CallCode.notConnected, { reason: 'failed' }) : same(state);
    case 'signal':
      return onSignal(state, input.payload, input.myId);
    case 'ringTimeout':
      // The caller gives up after 40 s (902); an incoming call whose end never arrived stops.
      if (state.phase === 'outgoing')
        return end(state.call, CallCode.cancelled, {
          ...(state.sent ? { send: CallCode.cancelled } : {}),
          reason: 'noAnswer',
        });
      if (state.phase === 'incoming') return end(state.call, CallCode.notConnected);
      return same(state);
    case 'connectTimeout':
      return state.phase === 'connecting' ? hangUp(state, 0, 'iceFailed') : same(state);
    case 'connected':
      if (state.phase !== 'connecting') return same(state);
      return {
        state: { phase: 'inCall', call: state.call, connectedAt: input.now },
        effects: [{ type: 'clearTimers' }],
      };
    case 'connectionFailed':
      if (state.phase === 'connecting') return hangUp(state, input.now, 'iceFailed');
      return state.phase === 'inCall' ? hangUp(state, input.now, 'network') : same(state);
    case 'peerOffline': {
      const call = callOf(state);
      if (!call || !isLocked(state) || call.peer.id !== input.userId) return same(state);
      // Whoever is left closes the record (the peer cannot): a ringing call as not connected.
      if (state.phase === 'incoming') return end(call, CallCode.notConnected, { reason: 'offline' });
      // `calling` still unanswered: no row to close yet, and the server answers an offline
      // peer busy (907) itself, so the reply decides how the call ended (PROTOCOL §10.1).
      if (state.phase === 'outgoing' && state.sent && call.msgId === 0) return same({ ...state, peerLeft: true });
      if (state.phase === 'outgoing') {
        return end(call, CallCode.notConnected, {
          ...(state.sent ? { send: CallCode.notConnected } : {}),
          reason: 'offline',
        });
      }
      return hangUp(state, input.now, 'offline');
    }
    case 'dismiss':
      return state.phase === 'ended' ? { state: idle, effects: [] } : same(state);
  }
}
