import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { limits } from '@parley/protocol';
import { dialogs } from '../../ui/dialogs';
import { MicIcon } from './icons';
import { MediaError, openMedia, Recorder, recordedSeconds, stopStream } from './recorder';
import { sendUpload } from './send-file';
import { stopPlayback } from './voice-playback';
import styles from './VoiceRecorder.module.css';

/** Sliding the finger up this far (px) arms cancelling. */
const CANCEL_SLIDE_PX = 60;
const MAX_S = limits.recordedVoiceMaxS;
/** The last seconds are counted down on screen. */
const COUNTDOWN_FROM_S = 10;

type Phase = 'idle' | 'starting' | 'recording';

/** One press of the button, from asking for the microphone to sending. */
interface Session {
  stream?: MediaStream;
  recorder?: Recorder;
  /** Let go already (possibly before the microphone answered). */
  released: boolean;
  /** Let go to send (not cancelled). */
  send: boolean;
  startY: number;
}

/**
 * Hold to talk (the Composer's voice slot): press and hold with a finger, the mouse or Space,
 * release to send, slide up (or Esc) to cancel. Stops and sends by itself at 60 s; under 1 s
 * nothing is sent ("too short"). The measured length goes out as `extends.duration`.
 */
export function VoiceRecorder({ conversation }: { conversation: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [phase, setPhase] = useState<Phase>('idle');
  const [cancelling, setCancelling] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const session = useRef<Session | null>(null);
  const ticker = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  const reset = () => {
    clearInterval(ticker.current);
    stopStream(session.current?.stream);
    session.current = null;
    setPhase('idle');
    setCancelling(false);
    setElapsed(0);
  };

  // Leaving the chat mid-recording throws the recording away.
  useEffect(
    () => () => {
      clearInterval(ticker.current);
      stopStream(session.current?.stream);
    },
    [],
  );

  const finish = async (send: boolean) => {
    const s = session.current;
    if (!s) return;
    s.released = true;
    s.send = send;
    if (!s.recorder) return; // still asking for the microphone: begin() ends it
    const rec = s.recorder;
    s.recorder = undefined;
    clearInterval(ticker.current);
    const result = await rec.stop();
    reset();
    if (!send) return;
    const seconds = recordedSeconds(result.seconds, MAX_S);
    if (seconds === null) {
      dialogs.toast(t('media.voice.tooShort'));
      return;
    }
    void sendUpload(qc, conversation, {
      blob: result.blob,
      name: `voice-${Date.now()}.${result.ext}`,
      type: 'voice',
      extends: { duration: seconds },
    });
  };

  const begin = async (startY: number) => {
    if (session.current) return;
    const s: Session = { released: false, send: false, startY };
    session.current = s;
    setPhase('starting');
    stopPlayback();
    try {
      s.stream = await openMedia({ audio: true });
      if (s.released) {
        // Let go before the microphone answered: a tap, not a recording.
        reset();
        if (s.send) dialogs.toast(t('media.voice.tooShort'));
        return;
      }
      const recorder = new Recorder(s.stream, 'audio');
      await recorder.start();
      s.recorder = recorder;
      setPhase('recording');
      ticker.current = setInterval(() => {
        const secs = recorder.elapsed();
        setElapsed(secs);
        if (secs >= MAX_S) void finish(true);
      }, 200);
      if (s.released) void finish(s.send);
    } catch (e) {
      reset();
      const reason = e instanceof MediaError ? e.reason : 'failed';
      dialogs.toast(
        t(
          reason === 'denied'
            ? 'media.voice.denied'
            : reason === 'unsupported'
              ? 'media.voice.unsupported'
              : 'media.voice.failed',
        ),
        { duration: limits.serverToastMs },
      );
    }
  };

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    void begin(e.clientY);
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    const s = session.current;
    if (s) setCancelling(s.startY - e.clientY > CANCEL_SLIDE_PX);
  };
  const onPointerUp = (e: PointerEvent<HTMLButtonElement>) => {
    const s = session.current;
    if (s) void finish(!(s.startY - e.clientY > CANCEL_SLIDE_PX));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      if (!e.repeat) void begin(0);
    } else if (e.key === 'Escape' && session.current) {
      e.preventDefault();
      void finish(false);
    }
  };
  const onKeyUp = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      void finish(true);
    }
  };

  const active = phase !== 'idle';
  const left = Math.max(0, Math.ceil(MAX_S - elapsed));
  return (
    <>
      <button
        type="button"
        className={`${styles.hold} ${active ? styles.pressed : ''}`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => void finish(false)}
        onKeyDown={onKeyDown}
        onKeyUp={onKeyUp}
        onBlur={() => void finish(false)}
        onContextMenu={(e) => e.preventDefault()}
        aria-pressed={active}
        data-testid="voice-hold"
        data-phase={phase}
      >
        {active ? t('media.voice.release') : t('media.voice.hold')}
      </button>
      {active
        ? createPortal(
            <div
              className={`${styles.overlay} ${cancelling ? styles.cancelling : ''}`}
              role="status"
              aria-live="polite"
              data-testid="voice-overlay"
              data-cancelling={cancelling ? '1' : '0'}
            >
              <MicIcon size={44} className={styles.mic} />
              <span className={styles.time}>
                {elapsed > MAX_S - COUNTDOWN_FROM_S
                  ? t('media.voice.remaining', { seconds: left })
                  : `${Math.floor(elapsed)}″`}
              </span>
              <span className={styles.hint}>
                {cancelling ? t('media.voice.releaseToCancel') : t('media.voice.slideToCancel')}
              </span>
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
