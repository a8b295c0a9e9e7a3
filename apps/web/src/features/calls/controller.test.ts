import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallType } from '@parley/protocol';
import type { SignalInput } from './api';
import { webrtcPayload } from './fixtures';

/** The controller carries out the machine's effects: signals, media, the peer connection. */

const sent: SignalInput[] = [];
const reply = vi.fn((s: SignalInput) =>
  Promise.resolve(webrtcPayload(s.event, { id: s.call.id, from: 1, peer: 2, msgId: 7 })),
);
vi.mock('./api', () => ({
  sendSignal: (s: SignalInput) => {
    sent.push(s);
    return reply(s);
  },
}));

const media = { failure: null as null | 'camera' };
const session = { createOffer: vi.fn(async () => ({ type: 'offer', sdp: 'v=0 offer' })), close: vi.fn() };
vi.mock('./rtc', () => {
  class MediaError extends Error {
    constructor(readonly failure: string) {
      super(failure);
    }
  }
  return {
    MediaError,
    acquireMedia: async () => {
      if (media.failure) throw new MediaError(media.failure);
      return { getTracks: () => [], getAudioTracks: () => [], getVideoTracks: () => [] };
    },
    releaseMedia: vi.fn(),
    deviceCounts: async () => ({ cameras: 1, outputs: [] }),
    RtcSession: class {
      remote = {};
      createOffer = session.createOffer;
      close = session.close;
    },
  };
});
vi.mock('./ringtone', () => ({ ringtone: { start: vi.fn(), stop: vi.fn() } }));
vi.mock('../../lib/endpoints', () => ({
  endpoints: { getSystemInfo: async () => ({ chatInfo: { iceServers: [], stun: '' } }) },
}));

const { useCall, startCall, hangUpCall, declineCall, onWebrtcEvent, dismissCall } = await import('./controller');

const bob = { id: 2, name: 'Bob', avatar: '' };
const settle = () => new Promise((r) => setTimeout(r, 0));
const phase = () => useCall.getState().state.phase;

beforeEach(() => {
  sent.length = 0;
  media.failure = null;
});
afterEach(async () => {
  hangUpCall();
  dismissCall();
  await settle();
});

describe('call controller', () => {
  it('places a call: media, then calling; the answer gives the msg_id; acceptance sends the offer', async () => {
    startCall(bob, CallType.video);
    await vi.waitFor(() => expect(sent.map((s) => s.event)).toEqual(['calling']));
    expect(sent[0]).toMatchObject({ code: 901, call: { peer: bob, role: 'caller', type: 1 } });
    await vi.waitFor(() => expect(useCall.getState().state).toMatchObject({ phase: 'outgoing', call: { msgId: 7 } }));

    const id = sent[0]?.call.id ?? '';
    onWebrtcEvent(webrtcPayload('acceptRtc', { id, code: 904 }));
    expect(phase()).toBe('connecting');
    await vi.waitFor(() => expect(sent.map((s) => s.event)).toEqual(['calling', 'offer']));
    expect(sent[1]?.sdp).toEqual({ type: 'offer', sdp: 'v=0 offer' });
  });

  it('ends busy at once when the server answers that the callee is offline', async () => {
    reply.mockImplementationOnce((s) =>
      Promise.resolve(webrtcPayload('busy', { id: s.call.id, from: 2, msgId: 0, code: 907 })),
    );
    startCall(bob, CallType.voice);
    await vi.waitFor(() => expect(useCall.getState().state).toMatchObject({ phase: 'ended', code: 907 }));
    expect(sent.map((s) => s.event)).toEqual(['calling']);
  });

  it('sends nothing when the camera is refused', async () => {
    media.failure = 'camera';
    startCall(bob, CallType.video);
    await vi.waitFor(() => expect(useCall.getState().state).toMatchObject({ phase: 'ended', reason: 'camera' }));
    expect(sent).toEqual([]);
  });

  it('rings for an incoming call and declines it with 903', async () => {
    onWebrtcEvent(webrtcPayload('calling', { from: 2, id: 'in-1' }));
    expect(useCall.getState().state).toMatchObject({ phase: 'incoming', call: { id: 'in-1', peer: { id: 2 } } });
    declineCall();
    expect(sent).toEqual([
      expect.objectContaining({ event: 'hangup', code: 903, call: expect.objectContaining({ id: 'in-1' }) }),
    ]);
    expect(phase()).toBe('ended');
  });
});
