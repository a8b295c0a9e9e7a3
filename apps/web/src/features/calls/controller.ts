import { create } from 'zustand';
import {
  iceServersOf,
  newMessageId,
  type CallType,
  type IceServer,
  type SystemInfo,
  type WebrtcPayload,
} from '@parley/protocol';
import { endpoints } from '../../lib/endpoints';
import { queryClient } from '../../lib/query-client';
import { i18n } from '../../i18n';
import { useAuth } from '../../state/auth';
import { systemInfoKey } from '../system/api';
import { fetchIceServers, sendSignal, type SignalInput } from './api';
import type { CallPath } from './ice-path';
import {
  callOf,
  idle,
  isLocked,
  transition,
  type CallEffect,
  type CallInput,
  type CallPeer,
  type CallState,
  type TimerName,
} from './machine';
import { applyCallRecord } from './records';
import { ringtone } from './ringtone';
import { MediaError, RtcSession, acquireMedia, deviceCounts, releaseMedia } from './rtc';

/**
 * Runs the call machine of this tab: feeds it UI actions, socket events and timers, and carries
 * out its effects (signals, media, the peer connection, ringtone). Screens read `useCall`.
 */

export interface CallView {
  state: CallState;
  local: MediaStream | null;
  remote: MediaStream | null;
  mic: boolean;
  camera: boolean;
  cameras: number;
  /** Which way the media travels once connected (the call's details); null before. */
  path: CallPath | null;
}

const initialView: CallView = {
  state: idle,
  local: null,
  remote: null,
  mic: true,
  camera: true,
  cameras: 0,
  path: null,
};

export const useCall = create<CallView>(() => initialView);

let session: RtcSession | null = null;
let sessionFor = '';
/** The call whose ICE was already restarted once (issue 40: one try per call). */
let restartedFor = '';
const timers = new Map<TimerName, ReturnType<typeof setTimeout>>();

const myId = (): number => useAuth.getState().userInfo?.user_id ?? 0;
const currentCall = () => callOf(useCall.getState().state);
/** Still the call `id`, and still going on (not ended while something was awaited). */
const stillOn = (id: string) => currentCall()?.id === id && isLocked(useCall.getState().state);

export function feed(input: CallInput): void {
  const before = useCall.getState().state;
  const { state, effects } = transition(before, input);
  if (state !== before) useCall.setState({ state });
  for (const effect of effects) perform(effect);
}

/** Signals fail quietly here: the API client already showed the server's reason. */
function signal(s: SignalInput): void {
  void sendSignal(s)
    .then((reply) => applyCallRecord(queryClient, reply, myId()))
    .catch(() => undefined);
}

function sendCalling(s: SignalInput): void {
  sendSignal(s)
    .then((reply) => {
      applyCallRecord(queryClient, reply, myId());
      // A peer who is offline is answered busy at once, in the reply itself (§10.1).
      if (reply.extends?.event === 'busy') feed({ type: 'signal', payload: reply, myId: myId() });
      else feed({ type: 'callingSent', msgId: Number(reply.msg_id) || 0 });
    })
    .catch(() => {
      if (stillOn(s.call.id)) feed({ type: 'sendFailed' });
    });
}

/**
 * ICE servers for this call: `iceServers` mints TURN credentials for it (§10.4); a server
 * without that extension still has the static list of getSystemInfo (credentials need the
 * token, so ask now).
 */
async function iceServers(): Promise<IceServer[]> {
  try {
    return (await fetchIceServers()).iceServers;
  } catch {
    // fall through to the §10 list
  }
  try {
    const info = await endpoints.getSystemInfo();
    queryClient.setQueryData(systemInfoKey, info);
    return iceServersOf(info.chatInfo);
  } catch {
    const cached = queryClient.getQueryData<SystemInfo>(systemInfoKey);
    return cached ? iceServersOf(cached.chatInfo) : [];
  }
}

async function ensureSession(): Promise<RtcSession | null> {
  const call = currentCall();
  const local = useCall.getState().local;
  if (!call || !local) return null;
  if (session && sessionFor === call.id) return session;
  const servers = await iceServers();
  if (!stillOn(call.id)) return null;
  if (session && sessionFor === call.id) return session;
  session = new RtcSession(local, servers, {
    candidate: (json) => {
      const c = currentCall();
      if (c?.id === call.id) signal({ call: c, event: 'iceCandidate', iceCandidate: json });
    },
    connected: () => {
      if (!stillOn(call.id)) return;
      feed({ type: 'connected', now: Date.now() });
      refreshPath(call.id);
    },
    failed: () => {
      if (stillOn(call.id)) feed({ type: 'connectionFailed', now: Date.now() });
    },
    track: () => {
      if (session && sessionFor === call.id) useCall.setState({ remote: new MediaStream(session.remote.getTracks()) });
    },
  });
  sessionFor = call.id;
  useCall.setState({ remote: session.remote });
  return session;
}

/** Reads the selected candidate pair for the call's details (after connecting or a restart). */
function refreshPath(id: string): void {
  const s = session;
  if (!s || sessionFor !== id) return;
  void s.path().then((path) => {
    if (session === s && stillOn(id)) useCall.setState({ path });
  });
}

/**
 * The network changed under a call (Wi-Fi to mobile data, a cable pulled and back): gather on
 * the new network once and offer it to the peer. A second change in the same call is left to
 * the connection's own recovery, then to the hangup on failure.
 */
function restartOnNetworkChange(): void {
  const state = useCall.getState().state;
  const call = callOf(state);
  if (state.phase !== 'inCall' || !call || !session || sessionFor !== call.id || restartedFor === call.id) return;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return; // wait for "online"
  restartedFor = call.id;
  const s = session;
  void s
    .restartIce()
    .then((sdp) => {
      if (stillOn(call.id)) signal({ call, event: 'offer', sdp });
    })
    .catch(() => undefined);
}

function withSession(step: (s: RtcSession, call: NonNullable<ReturnType<typeof currentCall>>) => Promise<void>): void {
  const call = currentCall();
  if (!call) return;
  void ensureSession()
    .then((s) => (s && stillOn(call.id) ? step(s, call) : undefined))
    .catch(() => {
      if (stillOn(call.id)) feed({ type: 'connectionFailed', now: Date.now() });
    });
}

function getMedia(callType: CallType): void {
  const call = currentCall();
  if (!call) return;
  acquireMedia(callType === 1)
    .then(async (stream) => {
      if (!stillOn(call.id)) {
        releaseMedia(stream); // the call ended while the browser asked
        return;
      }
      const { cameras } = await deviceCounts();
      useCall.setState({ local: stream, mic: true, camera: true, cameras });
      feed({ type: 'mediaReady' });
    })
    .catch((e: unknown) => {
      if (stillOn(call.id)) feed({ type: 'mediaError', failure: e instanceof MediaError ? e.failure : 'media' });
    });
}

function clearTimers(): void {
  for (const t of timers.values()) clearTimeout(t);
  timers.clear();
}

function perform(effect: CallEffect): void {
  switch (effect.type) {
    case 'send':
      if (effect.event === 'calling') sendCalling(effect);
      else signal(effect);
      return;
    case 'acquireMedia':
      getMedia(effect.callType);
      return;
    case 'createOffer':
      withSession(async (s, call) => signal({ call, event: 'offer', sdp: await s.createOffer() }));
      return;
    case 'acceptOffer':
      withSession(async (s, call) => signal({ call, event: 'answer', sdp: await s.acceptOffer(effect.sdp) }));
      return;
    case 'acceptAnswer':
      withSession((s) => s.acceptAnswer(effect.sdp));
      return;
    case 'addCandidate':
      withSession((s) => s.addCandidate(effect.candidate));
      return;
    case 'releaseMedia':
      session?.close();
      session = null;
      sessionFor = '';
      releaseMedia(useCall.getState().local);
      useCall.setState({ local: null, remote: null, mic: true, camera: true, path: null });
      return;
    case 'ring':
      if (effect.on) ringtone.start();
      else ringtone.stop();
      return;
    case 'startTimer': {
      clearTimeout(timers.get(effect.name));
      const input: CallInput = effect.name === 'ring' ? { type: 'ringTimeout' } : { type: 'connectTimeout' };
      timers.set(
        effect.name,
        setTimeout(() => feed(input), effect.ms),
      );
      return;
    }
    case 'clearTimers':
      clearTimers();
      return;
  }
}

// ——— What screens and other features call ———

/**
 * Start a voice (0) or video (1) call with `peer`; the call page opens by itself (CallHost).
 * Used by the "+" panel, the user card and a tap on a call record in the chat.
 */
export function startCall(peer: CallPeer, type: CallType): void {
  if (isLocked(useCall.getState().state)) {
    // The UI kit loads lazily (it is not part of the first screen).
    void import('../../ui/dialogs').then(({ dialogs }) => dialogs.toast(i18n.t('calls.alreadyInCall')));
    return;
  }
  feed({ type: 'start', id: newMessageId(), peer, callType: type });
}

export const acceptCall = () => feed({ type: 'accept' });
export const declineCall = () => feed({ type: 'decline' });
export const hangUpCall = () => feed({ type: 'hangup', now: Date.now() });
export const dismissCall = () => feed({ type: 'dismiss' });

export function toggleMic(): void {
  const on = !useCall.getState().mic;
  for (const t of useCall.getState().local?.getAudioTracks() ?? []) t.enabled = on;
  useCall.setState({ mic: on });
}

export function toggleCamera(): void {
  const on = !useCall.getState().camera;
  for (const t of useCall.getState().local?.getVideoTracks() ?? []) t.enabled = on;
  useCall.setState({ camera: on });
}

export function switchCamera(): void {
  if (!session) return;
  void session
    .switchCamera()
    .then((local) => useCall.setState({ local }))
    .catch(() => undefined);
}

// ——— Events from the socket (features/realtime/dispatch.ts) ———

/** A `webrtc` event: the chat record first, then the machine. */
export function onWebrtcEvent(payload: WebrtcPayload): void {
  const me = myId();
  applyCallRecord(queryClient, payload, me);
  feed({ type: 'signal', payload, myId: me });
}

/** `isOnline` 0 of the peer ends the call (spec §4, PROTOCOL §10.3). */
export function onPresence(userId: number | string, online: unknown): void {
  if (!online) feed({ type: 'peerOffline', userId: Number(userId), now: Date.now() });
}

// Logging out or leaving the page ends a call rather than leaving the peer talking to no one.
useAuth.subscribe((s, prev) => {
  if (prev.token && !s.token && isLocked(useCall.getState().state)) hangUpCall();
});
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    if (isLocked(useCall.getState().state)) hangUpCall();
  });
  window.addEventListener('online', restartOnNetworkChange);
  // Chromium tells of a new network type (wifi → cellular) without going offline in between.
  const connection = (navigator as Navigator & { connection?: EventTarget }).connection;
  connection?.addEventListener?.('change', restartOnNetworkChange);
}
