import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { limits } from '@parley/protocol';
import { dialogs } from '../../ui/dialogs';
import { clock } from './format';
import { CloseIcon } from './icons';
import { MediaError, openMedia, Recorder, recordedSeconds, stopStream, type Recording } from './recorder';
import styles from './CaptureSheet.module.css';

/** A photo or recording ready to send. */
export interface Captured {
  blob: Blob;
  name: string;
  type: 'image' | 'video';
  extends: Record<string, unknown>;
}

type Mode = 'photo' | 'video';
type View =
  | { kind: 'live' }
  | { kind: 'recording' }
  | { kind: 'review'; shot: Captured; url: string }
  | { kind: 'error'; text: string };

const MAX_S = limits.recordedVideoMaxS;
const JPEG_QUALITY = 0.9;

/** The current frame of the preview as a JPEG. */
async function snapshot(video: HTMLVideoElement): Promise<Captured | null> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0);
  const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, 'image/jpeg', JPEG_QUALITY));
  if (!blob || !canvas.width) return null;
  return {
    blob,
    name: `photo-${Date.now()}.jpg`,
    type: 'image',
    extends: { width: canvas.width, height: canvas.height },
  };
}

/**
 * The camera of the "+" panel: a live preview; take a photo, or record a video of at most 60 s
 * (counted down, stopped by itself at the limit; under 1 s is refused); look at it, retake or
 * send. Without a camera it explains why and offers the system picker instead.
 */
export function CaptureSheet({
  onSend,
  onPickInstead,
  onClose,
}: {
  onSend(c: Captured): void;
  onPickInstead(): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('photo');
  const [view, setView] = useState<View>({ kind: 'live' });
  const [elapsed, setElapsed] = useState(0);
  const preview = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const recorder = useRef<Recorder | null>(null);
  const ticker = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  // The camera (and microphone, for videos) for as long as the sheet is open.
  useEffect(() => {
    let cancelled = false;
    openMedia({ video: { facingMode: 'environment' }, audio: true })
      .then((s) => {
        if (cancelled) return stopStream(s);
        stream.current = s;
        if (preview.current) preview.current.srcObject = s;
      })
      .catch((e: unknown) => {
        if (!cancelled)
          setView({
            kind: 'error',
            text: t(e instanceof MediaError && e.reason === 'denied' ? 'media.capture.denied' : 'media.voice.failed'),
          });
      });
    return () => {
      cancelled = true;
      clearInterval(ticker.current);
      stopStream(stream.current);
    };
  }, [t]);

  // Back to the live picture after a review (the element was replaced).
  useEffect(() => {
    if (view.kind === 'live' && preview.current && stream.current) preview.current.srcObject = stream.current;
  }, [view.kind]);

  useEffect(() => () => (view.kind === 'review' ? URL.revokeObjectURL(view.url) : undefined), [view]);

  const review = (shot: Captured) => setView({ kind: 'review', shot, url: URL.createObjectURL(shot.blob) });

  const finishRecording = async () => {
    const rec = recorder.current;
    if (!rec) return;
    recorder.current = null;
    clearInterval(ticker.current);
    const result: Recording = await rec.stop();
    const seconds = recordedSeconds(result.seconds, MAX_S);
    if (seconds === null) {
      dialogs.toast(t('media.capture.tooShort'));
      setView({ kind: 'live' });
      return;
    }
    review({
      blob: result.blob,
      name: `video-${Date.now()}.${result.ext}`,
      type: 'video',
      extends: { duration: seconds },
    });
  };

  const shutter = async () => {
    const video = preview.current;
    if (!video || !stream.current) return;
    if (mode === 'photo') {
      const shot = await snapshot(video);
      if (shot) review(shot);
      return;
    }
    if (recorder.current) return void finishRecording();
    const rec = new Recorder(stream.current, 'video');
    recorder.current = rec;
    await rec.start();
    setElapsed(0);
    setView({ kind: 'recording' });
    ticker.current = setInterval(() => {
      const secs = rec.elapsed();
      setElapsed(secs);
      if (secs >= MAX_S) void finishRecording();
    }, 200);
  };

  const recording = view.kind === 'recording';
  return createPortal(
    <div
      className={styles.sheet}
      role="dialog"
      aria-modal="true"
      aria-label={t('media.capture.title')}
      data-testid="capture-sheet"
    >
      <button
        type="button"
        className={styles.close}
        onClick={onClose}
        aria-label={t('media.capture.close')}
        data-testid="capture-close"
      >
        <CloseIcon size={22} />
      </button>
      {view.kind === 'error' ? (
        <div className={styles.error} role="alert">
          <p>{view.text}</p>
          <button type="button" className={styles.pill} onClick={onPickInstead} data-testid="capture-pick">
            {t('media.capture.pick')}
          </button>
        </div>
      ) : view.kind === 'review' ? (
        <>
          {view.shot.type === 'image' ? (
            <img className={styles.stage} src={view.url} alt="" />
          ) : (
            <video className={styles.stage} src={view.url} controls autoPlay playsInline />
          )}
          <div className={styles.bar}>
            <button
              type="button"
              className={styles.pill}
              onClick={() => setView({ kind: 'live' })}
              data-testid="capture-retake"
            >
              {t('media.capture.retake')}
            </button>
            <button
              type="button"
              className={`${styles.pill} ${styles.primary}`}
              onClick={() => onSend(view.shot)}
              data-testid="capture-send"
            >
              {t('media.capture.use')}
            </button>
          </div>
        </>
      ) : (
        <>
          <video ref={preview} className={styles.stage} autoPlay muted playsInline data-testid="capture-preview" />
          {recording ? (
            <span className={styles.timer} role="timer" aria-live="off" data-testid="capture-timer">
              {clock(elapsed)} · {t('media.capture.remaining', { seconds: Math.max(0, Math.ceil(MAX_S - elapsed)) })}
            </span>
          ) : null}
          <div className={styles.bar}>
            <div className={styles.modes} role="radiogroup" aria-label={t('media.capture.title')}>
              {(['photo', 'video'] as const).map((m) => (
                <button
                  key={m}
                  type="button"
                  role="radio"
                  aria-checked={mode === m}
                  disabled={recording}
                  className={`${styles.mode} ${mode === m ? styles.modeOn : ''}`}
                  onClick={() => setMode(m)}
                  data-testid={`capture-mode-${m}`}
                >
                  {t(`media.capture.${m}`)}
                </button>
              ))}
            </div>
            <button
              type="button"
              className={`${styles.shutter} ${mode === 'video' ? styles.video : ''} ${recording ? styles.recording : ''}`}
              onClick={() => void shutter()}
              aria-label={
                mode === 'photo'
                  ? t('media.capture.shoot')
                  : recording
                    ? t('media.capture.stop')
                    : t('media.capture.record')
              }
              data-testid="capture-shutter"
            />
          </div>
        </>
      )}
    </div>,
    document.body,
  );
}
