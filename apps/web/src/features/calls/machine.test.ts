import { describe, expect, it } from 'vitest';
import { CallType, callLimits, type CallEvent, type WebrtcPayload } from '@parley/protocol';
import { webrtcPayload } from './fixtures';
import {
  CONNECT_TIMEOUT_MS,
  INCOMING_RING_MS,
  idle,
  isLocked,
  needsAction,
  transition,
  type CallEffect,
  type CallInput,
  type CallState,
  type Step,
} from './machine';

const ME = 1;
const BOB = 2;
const CAROL = 3;
const bob = { id: BOB, name: 'Bob', avatar: '/b.png' };

const payload = (event: CallEvent | 'otherOpt', o: Parameters<typeof webrtcPayload>[1] = {}): WebrtcPayload =>
  webrtcPayload(event, { me: ME, peer: BOB, ...o });

const signal = (p: WebrtcPayload): CallInput => ({ type: 'signal', payload: p, myId: ME });

/** Runs inputs from a state; returns the last step and every effect on the way. */
function run(from: CallState, ...inputs: CallInput[]): Step & { all: CallEffect[] } {
  let step: Step = { state: from, effects: [] };
  const all: CallEffect[] = [];
  for (const input of inputs) {
    step = transition(step.state, input);
    all.push(...step.effects);
  }
  return { ...step, all };
}

const sends = (effects: CallEffect[]) =>
  effects.flatMap((e) =>
    e.type === 'send'
      ? [{ event: e.event, code: e.code, ...(e.callTime !== undefined ? { callTime: e.callTime } : {}) }]
      : [],
  );

const start: CallInput = { type: 'start', id: 'call-1', peer: bob, callType: CallType.video };
/** I called Bob, my media is up and the server stored the call. */
const ringing = run(idle, start, { type: 'mediaReady' }, { type: 'callingSent', msgId: 7 }).state;
/** Bob calls me. */
const incoming = run(idle, signal(payload('calling'))).state;
/** Bob accepted my call; negotiating. */
const connectingAsCaller = run(ringing, signal(payload('acceptRtc', { code: 904 }))).state;
const inCall = run(connectingAsCaller, { type: 'connected', now: 10_000 }).state;

describe('placing a call', () => {
  it('gets the media first and only then sends calling, rings and starts the 40 s timer', () => {
    const first = transition(idle, start);
    expect(first.state).toMatchObject({
      phase: 'outgoing',
      sent: false,
      call: { id: 'call-1', role: 'caller', msgId: 0, peer: bob },
    });
    expect(first.effects).toEqual([{ type: 'acquireMedia', callType: CallType.video }]);
    expect(isLocked(first.state)).toBe(true);

    const second = transition(first.state, { type: 'mediaReady' });
    expect(sends(second.effects)).toEqual([{ event: 'calling', code: 901 }]);
    expect(second.effects).toContainEqual({ type: 'ring', on: true });
    expect(second.effects).toContainEqual({ type: 'startTimer', name: 'ring', ms: callLimits.ringClientMs });
    expect(callLimits.ringClientMs).toBe(40_000);
  });

  it('keeps the msg_id the server answered', () => {
    expect(ringing).toMatchObject({ phase: 'outgoing', sent: true, call: { msgId: 7 } });
  });

  it('refuses a second call while one is going on', () => {
    expect(transition(ringing, { ...start, id: 'call-2' })).toEqual({ state: ringing, effects: [] });
  });

  it('cancels with 902 and releases everything', () => {
    const s = transition(ringing, { type: 'hangup', now: 5 });
    expect(s.state).toMatchObject({ phase: 'ended', code: 902 });
    expect(sends(s.effects)).toEqual([{ event: 'hangup', code: 902 }]);
    expect(s.effects).toEqual(
      expect.arrayContaining([{ type: 'ring', on: false }, { type: 'clearTimers' }, { type: 'releaseMedia' }]),
    );
    expect(isLocked(s.state)).toBe(false);
  });

  it('gives up after 40 s of ringing with 902 (no answer)', () => {
    const s = transition(ringing, { type: 'ringTimeout' });
    expect(s.state).toMatchObject({ phase: 'ended', code: 902, reason: 'noAnswer' });
    expect(sends(s.effects)).toEqual([{ event: 'hangup', code: 902 }]);
  });

  it('ends on a decline (903) without answering it', () => {
    const s = transition(ringing, signal(payload('hangup', { code: 903 })));
    expect(s.state).toMatchObject({ phase: 'ended', code: 903 });
    expect(sends(s.effects)).toEqual([]);
    expect(isLocked(s.state)).toBe(false);
  });

  it('ends busy (907) and records it when a device of theirs answered busy', () => {
    const s = transition(ringing, signal(payload('busy', { code: 907, msgId: 7 })));
    expect(s.state).toMatchObject({ phase: 'ended', code: 907 });
    expect(sends(s.effects)).toEqual([{ event: 'hangup', code: 907 }]);
  });

  it('ends busy (907) at once when the peer is offline, sending nothing (no row exists)', () => {
    const sent = run(idle, start, { type: 'mediaReady' }).state;
    const s = transition(sent, signal(payload('busy', { code: 907, msgId: 0 })));
    expect(s.state).toMatchObject({ phase: 'ended', code: 907 });
    expect(sends(s.effects)).toEqual([]);
    expect(s.effects).toContainEqual({ type: 'releaseMedia' });
  });

  it('ends as not connected when the calling request fails', () => {
    const sent = run(idle, start, { type: 'mediaReady' }).state;
    const s = transition(sent, { type: 'sendFailed' });
    expect(s.state).toMatchObject({ phase: 'ended', code: 905, reason: 'failed' });
    expect(sends(s.effects)).toEqual([]);
  });

  it('on acceptance stops ringing, creates the offer and waits for the connection', () => {
    const s = transition(ringing, signal(payload('acceptRtc', { code: 904 })));
    expect(s.state).toMatchObject({ phase: 'connecting', call: { role: 'caller' } });
    expect(s.effects).toEqual([
      { type: 'ring', on: false },
      { type: 'clearTimers' },
      { type: 'createOffer' },
      { type: 'startTimer', name: 'connect', ms: CONNECT_TIMEOUT_MS },
    ]);
  });

  it('applies the answer and the candidates of the callee', () => {
    expect(
      transition(connectingAsCaller, signal(payload('answer', { sdp: { type: 'answer', sdp: 'v=0' } }))).effects,
    ).toEqual([{ type: 'acceptAnswer', sdp: { type: 'answer', sdp: 'v=0' } }]);
    expect(
      transition(connectingAsCaller, signal(payload('iceCandidate', { ice: '{"candidate":"c"}' }))).effects,
    ).toEqual([{ type: 'addCandidate', candidate: '{"candidate":"c"}' }]);
  });

  it('ignores signals of another call and my own copies', () => {
    expect(transition(ringing, signal(payload('hangup', { id: 'other', code: 903 }))).state).toBe(ringing);
    expect(transition(ringing, signal(payload('calling', { from: ME })))).toEqual({ state: ringing, effects: [] });
  });
});

describe('receiving a call', () => {
  it('rings with the caller named, for up to the server safety net', () => {
    const s = transition(idle, signal(payload('calling', { type: CallType.voice })));
    expect(s.state).toMatchObject({
      phase: 'incoming',
      call: { id: 'call-1', msgId: 7, role: 'callee', type: 0, peer: { id: BOB, name: 'User 2', avatar: '/a2.png' } },
    });
    expect(s.effects).toEqual([
      { type: 'ring', on: true },
      { type: 'startTimer', name: 'ring', ms: INCOMING_RING_MS },
    ]);
    expect(isLocked(s.state)).toBe(true);
  });

  it('declines with 903', () => {
    const s = transition(incoming, { type: 'decline' });
    expect(s.state).toMatchObject({ phase: 'ended', code: 903 });
    expect(sends(s.effects)).toEqual([{ event: 'hangup', code: 903 }]);
  });

  it('accepts: media first, then acceptRtc 904, then answers the offer', () => {
    const a = transition(incoming, { type: 'accept' });
    expect(a.state).toMatchObject({ phase: 'connecting', mediaReady: false });
    expect(a.effects).toEqual([
      { type: 'ring', on: false },
      { type: 'clearTimers' },
      { type: 'acquireMedia', callType: CallType.video },
    ]);
    const b = transition(a.state, { type: 'mediaReady' });
    expect(sends(b.effects)).toEqual([{ event: 'acceptRtc', code: 904 }]);
    const c = transition(b.state, signal(payload('offer', { sdp: 'v=0' })));
    expect(c.effects).toEqual([{ type: 'acceptOffer', sdp: 'v=0' }]);
  });

  it('stops when the caller cancels (902) or the server gives up (905)', () => {
    expect(transition(incoming, signal(payload('hangup', { code: 902 }))).state).toMatchObject({
      phase: 'ended',
      code: 902,
    });
    // The safety net names the caller as sender to both parties.
    expect(transition(incoming, signal(payload('hangup', { code: 905 }))).state).toMatchObject({
      phase: 'ended',
      code: 905,
    });
  });

  it('stops ringing with 908 when my other device answered or declined', () => {
    const answered = transition(incoming, signal(payload('otherOpt', { from: ME, code: 904 })));
    expect(answered.state).toMatchObject({ phase: 'ended', code: 908 });
    expect(sends(answered.effects)).toEqual([]);
    expect(answered.effects).toContainEqual({ type: 'ring', on: false });
    expect(transition(incoming, signal(payload('otherOpt', { from: ME, code: 903 }))).state).toMatchObject({
      code: 908,
    });
  });

  it('ignores the copy of its own acceptance', () => {
    const accepted = run(incoming, { type: 'accept' }, { type: 'mediaReady' }).state;
    expect(transition(accepted, signal(payload('otherOpt', { from: ME, code: 904 })))).toEqual({
      state: accepted,
      effects: [],
    });
  });

  it('answers a second caller busy (907) and keeps the first call', () => {
    const second = payload('calling', { from: CAROL, id: 'call-2', msgId: 9 });
    for (const state of [incoming, ringing, inCall]) {
      const s = transition(state, signal(second));
      expect(s.state).toBe(state);
      expect(s.effects).toEqual([
        {
          type: 'send',
          event: 'busy',
          code: 907,
          call: expect.objectContaining({ id: 'call-2', msgId: 9, peer: expect.objectContaining({ id: CAROL }) }),
        },
      ]);
    }
  });

  it('rings again after an ended call', () => {
    const ended = transition(incoming, { type: 'decline' }).state;
    expect(transition(ended, signal(payload('calling', { id: 'call-3' }))).state).toMatchObject({
      phase: 'incoming',
      call: { id: 'call-3' },
    });
  });

  it('stops by itself when no end ever arrives', () => {
    expect(transition(incoming, { type: 'ringTimeout' }).state).toMatchObject({ phase: 'ended', code: 905 });
  });
});

describe('in a call', () => {
  it('counts from the moment the media connected and hangs up with 906 and the duration', () => {
    expect(inCall).toMatchObject({ phase: 'inCall', connectedAt: 10_000 });
    const s = transition(inCall, { type: 'hangup', now: 73_400 });
    expect(s.state).toMatchObject({ phase: 'ended', code: 906, callTime: 63 });
    expect(sends(s.effects)).toEqual([{ event: 'hangup', code: 906, callTime: 63 }]);
  });

  it('shows the duration the peer sent when they hang up', () => {
    const s = transition(inCall, signal(payload('hangup', { code: 906, callTime: 12 })));
    expect(s.state).toMatchObject({ phase: 'ended', code: 906, callTime: 12 });
    expect(sends(s.effects)).toEqual([]);
  });

  it('hangs up while still connecting as not connected (905)', () => {
    const s = transition(connectingAsCaller, { type: 'hangup', now: 1 });
    expect(sends(s.effects)).toEqual([{ event: 'hangup', code: 905 }]);
  });

  it('gives up a connection that never comes up, saying ICE failed (not an endless "connecting")', () => {
    const s = transition(connectingAsCaller, { type: 'connectTimeout' });
    expect(s.state).toMatchObject({ phase: 'ended', code: 905, reason: 'iceFailed' });
    expect(sends(s.effects)).toEqual([{ event: 'hangup', code: 905 }]);
    const failed = transition(connectingAsCaller, { type: 'connectionFailed', now: 5 });
    expect(failed.state).toMatchObject({ phase: 'ended', code: 905, reason: 'iceFailed' });
  });

  it('takes an ICE-restart offer from either side once the call is up, and answers it', () => {
    // The callee's network changed: it offers again, and the caller answers.
    expect(transition(inCall, signal(payload('offer', { sdp: 'v=0 restart' }))).effects).toEqual([
      { type: 'acceptOffer', sdp: 'v=0 restart' },
    ]);
    expect(transition(inCall, signal(payload('answer', { sdp: 'v=0 back' }))).effects).toEqual([
      { type: 'acceptAnswer', sdp: 'v=0 back' },
    ]);
    // Before the call is up, the roles still decide (a stray offer to the caller is ignored).
    expect(transition(connectingAsCaller, signal(payload('offer', { sdp: 'v=0' }))).effects).toEqual([]);
  });

  it('ends with the duration when the connection breaks', () => {
    const s = transition(inCall, { type: 'connectionFailed', now: 20_000 });
    expect(s.state).toMatchObject({ phase: 'ended', code: 906, callTime: 10, reason: 'network' });
  });

  it('ignores its own hangup copy after ending', () => {
    const ended = transition(inCall, { type: 'hangup', now: 20_000 }).state;
    expect(transition(ended, signal(payload('otherOpt', { from: ME, code: 906 })))).toEqual({
      state: ended,
      effects: [],
    });
  });
});

describe('the peer going offline', () => {
  const offline = (now = 30_000): CallInput => ({ type: 'peerOffline', userId: BOB, now });

  it('ends a call in progress and records its duration', () => {
    const s = transition(inCall, offline());
    expect(s.state).toMatchObject({ phase: 'ended', code: 906, callTime: 20, reason: 'offline' });
    expect(sends(s.effects)).toEqual([{ event: 'hangup', code: 906, callTime: 20 }]);
  });

  it('stops ringing on both sides', () => {
    expect(transition(ringing, offline()).state).toMatchObject({ phase: 'ended', code: 905, reason: 'offline' });
    expect(sends(transition(ringing, offline()).effects)).toEqual([{ event: 'hangup', code: 905 }]);
    expect(transition(incoming, offline()).state).toMatchObject({ phase: 'ended', reason: 'offline' });
    expect(sends(transition(incoming, offline()).effects)).toEqual([]);
  });

  it('leaves an unanswered calling to the server: busy when it says so (PROTOCOL §10.1)', () => {
    const sent = run(idle, start, { type: 'mediaReady' }).state;
    const waiting = transition(sent, offline());
    expect(waiting.state).toMatchObject({ phase: 'outgoing', peerLeft: true });
    expect(waiting.effects).toEqual([]);
    const s = transition(waiting.state, signal(payload('busy', { code: 907, msgId: 0 })));
    expect(s.state).toMatchObject({ phase: 'ended', code: 907 });
    expect(s.state).not.toHaveProperty('reason');
  });

  it('closes the row when the server had still counted the peer online', () => {
    const sent = run(idle, start, { type: 'mediaReady' }, offline()).state;
    const s = transition(sent, { type: 'callingSent', msgId: 9 });
    expect(s.state).toMatchObject({ phase: 'ended', code: 905, reason: 'offline', call: { msgId: 9 } });
    expect(sends(s.effects)).toEqual([{ event: 'hangup', code: 905 }]);
  });

  it('does not care about someone else', () => {
    expect(transition(inCall, { type: 'peerOffline', userId: CAROL, now: 1 }).state).toBe(inCall);
  });
});

describe('permission failures', () => {
  it('leave no call behind when the caller has no camera', () => {
    const s = run(idle, start, { type: 'mediaError', failure: 'camera' });
    expect(s.state).toMatchObject({ phase: 'ended', code: 902, reason: 'camera' });
    expect(sends(s.all)).toEqual([]);
    expect(s.effects).toContainEqual({ type: 'releaseMedia' });
    expect(isLocked(s.state)).toBe(false);
  });

  it('stay on screen until dismissed, unlike ordinary endings', () => {
    expect(needsAction(run(idle, start, { type: 'mediaError', failure: 'microphone' }).state)).toBe(true);
    expect(needsAction(transition(ringing, { type: 'ringTimeout' }).state)).toBe(false);
    expect(needsAction(transition(inCall, { type: 'hangup', now: 11_000 }).state)).toBe(false);
  });

  it('hang up an accepted call when the callee has no microphone', () => {
    const s = run(incoming, { type: 'accept' }, { type: 'mediaError', failure: 'microphone' });
    expect(s.state).toMatchObject({ phase: 'ended', code: 905, reason: 'microphone' });
    expect(sends(s.effects)).toEqual([{ event: 'hangup', code: 905 }]);
    expect(s.effects).toContainEqual({ type: 'releaseMedia' });
  });
});

describe('closing the ended screen', () => {
  it('returns to idle', () => {
    const ended = transition(inCall, { type: 'hangup', now: 10_000 }).state;
    expect(transition(ended, { type: 'dismiss' }).state).toEqual(idle);
    expect(transition(inCall, { type: 'dismiss' }).state).toBe(inCall);
  });
});
