import { recordingExt } from './checks';

/**
 * MediaRecorder with the two things chat needs: a clear reason when the device refuses, and
 * the recording's length measured here (a WebM recording has no duration in its header, shared
 * TOOLCHAIN.md §4), which the message carries as `extends.duration`.
 */

export type MediaFailure = 'denied' | 'unsupported' | 'failed';

export class MediaError extends Error {
  constructor(readonly reason: MediaFailure) {
    super(reason);
    this.name = 'MediaError';
  }
}

/** Formats tried in order; the first the browser records wins (Firefox records only ogg). */
const candidates = {
  audio: ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus'],
  video: ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'],
} as const;

function pickMime(kind: 'audio' | 'video'): string | undefined {
  if (typeof MediaRecorder === 'undefined') return undefined;
  return candidates[kind].find((m) => MediaRecorder.isTypeSupported(m));
}

/** Asks for the microphone (and camera); refusals become a MediaError with the reason. */
export async function openMedia(constraints: MediaStreamConstraints): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined')
    throw new MediaError('unsupported');
  try {
    return await navigator.mediaDevices.getUserMedia(constraints);
  } catch (e) {
    const name = e instanceof DOMException ? e.name : '';
    throw new MediaError(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'failed');
  }
}

export function stopStream(stream: MediaStream | null | undefined): void {
  stream?.getTracks().forEach((track) => track.stop());
}

export interface Recording {
  blob: Blob;
  mime: string;
  /** File extension the server files it under (webm, ogg, m4a, mp4). */
  ext: string;
  /** Measured length in seconds (not rounded). */
  seconds: number;
}

export class Recorder {
  private readonly recorder: MediaRecorder;
  private readonly chunks: Blob[] = [];
  private startedAt = 0;

  constructor(
    stream: MediaStream,
    private readonly kind: 'audio' | 'video',
  ) {
    const mime = pickMime(kind);
    this.recorder = new MediaRecorder(stream, mime ? { mimeType: mime } : undefined);
    this.recorder.ondataavailable = (e) => {
      if (e.data.size > 0) this.chunks.push(e.data);
    };
  }

  /** Resolves once the recorder really runs (the length counts from there). */
  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.recorder.onstart = () => {
        this.startedAt = performance.now();
        resolve();
      };
      this.recorder.onerror = () => reject(new MediaError('failed'));
      this.recorder.start(250);
    });
  }

  /** Seconds since the recording started. */
  elapsed(): number {
    return this.startedAt ? (performance.now() - this.startedAt) / 1000 : 0;
  }

  stop(): Promise<Recording> {
    const seconds = this.elapsed();
    return new Promise((resolve) => {
      const finish = () => {
        const mime = this.recorder.mimeType || this.chunks[0]?.type || `${this.kind}/webm`;
        resolve({ blob: new Blob(this.chunks, { type: mime }), mime, ext: recordingExt(mime, this.kind), seconds });
      };
      if (this.recorder.state === 'inactive') finish();
      else {
        this.recorder.onstop = finish;
        this.recorder.stop();
      }
    });
  }
}

/** Whole seconds to store for a recording, or null when it is too short (< 1 s) to send. */
export function recordedSeconds(seconds: number, max: number): number | null {
  if (!(seconds >= 1)) return null;
  return Math.min(max, Math.max(1, Math.round(seconds)));
}
