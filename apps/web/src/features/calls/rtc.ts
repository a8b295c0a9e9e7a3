import type { IceServer } from '@parley/protocol';
import { callPathOf, type CallPath } from './ice-path';
import type { MediaFailure } from './machine';

/**
 * The only module of the call feature that touches getUserMedia and RTCPeerConnection (issue 6):
 * acquiring the microphone/camera with failures sorted into the spec's texts, and one peer
 * connection per call whose SDP and candidates travel through sendToMsg (PROTOCOL §10).
 */

export class MediaError extends Error {
  constructor(readonly failure: MediaFailure) {
    super(failure);
    this.name = 'MediaError';
  }
}

const deniedOrMissing = new Set([
  'NotAllowedError',
  'PermissionDeniedError',
  'SecurityError',
  'NotFoundError',
  'DevicesNotFoundError',
  'OverconstrainedError',
]);

function mediaDevices(): MediaDevices | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
}

function stopAll(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * Which device a failed request was about. For a video call the browser does not say: asking
 * for the microphone alone tells (it works → the camera failed).
 */
async function classify(error: unknown, video: boolean): Promise<MediaFailure> {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (!deniedOrMissing.has(name)) return 'media';
  if (!video) return 'microphone';
  try {
    stopAll(await mediaDevices()?.getUserMedia({ audio: true }));
    return 'camera';
  } catch {
    return 'microphone';
  }
}

/** Microphone (and front camera for video calls); throws MediaError. */
export async function acquireMedia(video: boolean): Promise<MediaStream> {
  const devices = mediaDevices();
  if (!devices?.getUserMedia) {
    // Browsers hide media devices from pages served over plain HTTP (except localhost).
    throw new MediaError(typeof window !== 'undefined' && window.isSecureContext === false ? 'insecure' : 'media');
  }
  try {
    return await devices.getUserMedia({
      audio: { echoCancellation: true, noiseSuppression: true },
      video: video ? { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } } : false,
    });
  } catch (e) {
    throw new MediaError(await classify(e, video));
  }
}

export function releaseMedia(stream: MediaStream | null): void {
  stopAll(stream);
}

/** How many cameras and audio outputs the device has (switch camera / speaker buttons). */
export async function deviceCounts(): Promise<{ cameras: number; outputs: MediaDeviceInfo[] }> {
  try {
    const list = (await mediaDevices()?.enumerateDevices()) ?? [];
    return {
      cameras: list.filter((d) => d.kind === 'videoinput').length,
      outputs: list.filter((d) => d.kind === 'audiooutput'),
    };
  } catch {
    return { cameras: 0, outputs: [] };
  }
}

export interface RtcEvents {
  /** A local candidate to send, as the JSON text of §10.1. */
  candidate(json: string): void;
  connected(): void;
  failed(): void;
  /** The peer's media changed (a track arrived): views re-attach `remote`. */
  track(): void;
}

/** A description arrives as an object, JSON text or bare SDP text (§10.1 relays it as sent). */
function toDescription(sdp: unknown, type: RTCSdpType): RTCSessionDescriptionInit {
  if (typeof sdp === 'string') {
    const text = sdp.trim();
    if (text.startsWith('{')) {
      try {
        return toDescription(JSON.parse(text), type);
      } catch {
        return { type, sdp: text };
      }
    }
    return { type, sdp: text };
  }
  const o = (sdp ?? {}) as { type?: unknown; sdp?: unknown };
  return {
    type: typeof o.type === 'string' ? (o.type as RTCSdpType) : type,
    sdp: typeof o.sdp === 'string' ? o.sdp : '',
  };
}

/** A transient `disconnected` that lasts this long counts as a broken call. */
const DISCONNECTED_GRACE_MS = 10_000;

export class RtcSession {
  private readonly pc: RTCPeerConnection;
  /** Candidates that came before the remote description (they cannot be added yet). */
  private early: RTCIceCandidateInit[] = [];
  private graceTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  /** Local candidates gathered so far: none at the end of gathering means no way to connect. */
  private gathered = 0;
  private everConnected = false;
  readonly remote = new MediaStream();

  constructor(
    private local: MediaStream,
    iceServers: IceServer[],
    private readonly events: RtcEvents,
  ) {
    this.pc = new RTCPeerConnection({ iceServers: iceServers as RTCIceServer[] });
    for (const track of local.getTracks()) this.pc.addTrack(track, local);
    this.pc.onicecandidate = (e) => {
      if (e.candidate) {
        this.gathered += 1;
        this.events.candidate(JSON.stringify(e.candidate.toJSON()));
      }
    };
    // Nothing gathered (a relay-only policy whose TURN refused us, no network at all): ICE
    // cannot even start, and Chromium would sit in "new"/"checking" until our 30 s timer.
    this.pc.onicegatheringstatechange = () => {
      if (this.pc.iceGatheringState === 'complete' && this.gathered === 0 && !this.everConnected && !this.closed) {
        this.events.failed();
      }
    };
    this.pc.ontrack = (e) => {
      if (!this.remote.getTracks().includes(e.track)) this.remote.addTrack(e.track);
      this.events.track();
    };
    this.pc.onconnectionstatechange = () => this.onState(this.pc.connectionState);
    // After an ICE restart the connection may stay "connected" while its path changes.
    this.pc.oniceconnectionstatechange = () => {
      const ice = this.pc.iceConnectionState;
      if (this.everConnected && !this.closed && (ice === 'connected' || ice === 'completed')) this.events.connected();
    };
  }

  private onState(state: RTCPeerConnectionState): void {
    if (this.closed) return;
    clearTimeout(this.graceTimer);
    if (state === 'connected') {
      this.everConnected = true;
      this.events.connected();
    } else if (state === 'failed') this.events.failed();
    else if (state === 'disconnected') this.graceTimer = setTimeout(() => this.events.failed(), DISCONNECTED_GRACE_MS);
  }

  async createOffer(): Promise<RTCSessionDescriptionInit> {
    const offer = await this.pc.createOffer();
    await this.pc.setLocalDescription(offer);
    return { type: offer.type, sdp: offer.sdp ?? '' };
  }

  /** The callee: take the caller's offer, answer it. */
  async acceptOffer(sdp: unknown): Promise<RTCSessionDescriptionInit> {
    await this.pc.setRemoteDescription(toDescription(sdp, 'offer'));
    await this.flushEarly();
    const answer = await this.pc.createAnswer();
    await this.pc.setLocalDescription(answer);
    return { type: answer.type, sdp: answer.sdp ?? '' };
  }

  async acceptAnswer(sdp: unknown): Promise<void> {
    await this.pc.setRemoteDescription(toDescription(sdp, 'answer'));
    await this.flushEarly();
  }

  async addCandidate(json: string): Promise<void> {
    let init: RTCIceCandidateInit;
    try {
      init = JSON.parse(json) as RTCIceCandidateInit;
    } catch {
      return;
    }
    if (!this.pc.remoteDescription) {
      this.early.push(init);
      return;
    }
    await this.pc.addIceCandidate(init).catch(() => undefined);
  }

  private async flushEarly(): Promise<void> {
    const waiting = this.early;
    this.early = [];
    for (const c of waiting) await this.pc.addIceCandidate(c).catch(() => undefined);
  }

  /**
   * An ICE restart (issue 40): fresh candidates on the network the device has now, offered to
   * the peer, who answers as for the first offer. The call keeps its tracks.
   */
  async restartIce(): Promise<RTCSessionDescriptionInit> {
    clearTimeout(this.graceTimer);
    const offer = await this.pc.createOffer({ iceRestart: true });
    await this.pc.setLocalDescription(offer);
    return { type: offer.type, sdp: offer.sdp ?? '' };
  }

  /** Which way the media travels now (direct, through STUN, through the relay). */
  path(): Promise<CallPath | null> {
    return callPathOf(this.pc).catch(() => null);
  }

  /** Next camera (front ↔ back); the new track replaces the old one without renegotiating. */
  async switchCamera(): Promise<MediaStream> {
    const media = mediaDevices();
    if (!media) return this.local;
    const devices = (await media.enumerateDevices()).filter((d) => d.kind === 'videoinput');
    const current = this.local.getVideoTracks()[0];
    const currentId = current?.getSettings().deviceId;
    const index = devices.findIndex((d) => d.deviceId === currentId);
    const next = devices[(index + 1) % Math.max(devices.length, 1)];
    if (!next || next.deviceId === currentId) return this.local;
    const fresh = await media.getUserMedia({ video: { deviceId: { exact: next.deviceId } } });
    const track = fresh.getVideoTracks()[0];
    if (!track) return this.local;
    if (current) track.enabled = current.enabled;
    const sender = this.pc.getSenders().find((s) => s.track?.kind === 'video');
    await sender?.replaceTrack(track);
    current?.stop();
    // A new stream object so views showing the local preview pick up the new track.
    this.local = new MediaStream([...this.local.getAudioTracks(), track]);
    return this.local;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.graceTimer);
    this.pc.onicecandidate = null;
    this.pc.ontrack = null;
    this.pc.onconnectionstatechange = null;
    this.pc.onicegatheringstatechange = null;
    this.pc.oniceconnectionstatechange = null;
    this.pc.close();
  }
}
