import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { limits } from '@parley/protocol';
import { useGoBack } from '../../../nav/navigation';
import { BackIcon } from '../../../ui/icons';
import { clock } from '../format';
import { PauseIcon, PlayIcon } from '../icons';
import { safeMediaUrl } from '../safe-url';
import styles from './VideoScreen.module.css';

/**
 * /pages/message/video?src=…&poster=…: the video full screen. Controls hide 3 s after the last
 * touch while it plays (spec §9); a tap on the picture brings them back.
 */
export default function VideoScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const goBack = useGoBack();
  const src = safeMediaUrl(params.get('src'));
  const poster = safeMediaUrl(params.get('poster')) ?? undefined;
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [shown, setShown] = useState(true);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [failed, setFailed] = useState(!src);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  /** Show the controls and (while playing) hide them again after 3 s without a touch. */
  const poke = useCallback(() => {
    setShown(true);
    clearTimeout(hideTimer.current);
    if (!video.current?.paused) hideTimer.current = setTimeout(() => setShown(false), limits.videoControlsHideMs);
  }, []);

  useEffect(() => () => clearTimeout(hideTimer.current), []);
  useEffect(poke, [playing, poke]);

  const toggle = () => {
    const el = video.current;
    if (!el) return;
    if (el.paused) void el.play().catch(() => setFailed(true));
    else el.pause();
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === ' ' || e.key === 'k') {
        e.preventDefault();
        toggle();
        poke();
      } else if (e.key === 'Escape') void goBack();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  // WebM recordings report Infinity until played through; the bar then uses what is known.
  const total = Number.isFinite(duration) && duration > 0 ? duration : 0;
  return (
    <div className={styles.screen} data-testid="video-screen" data-controls={shown ? '1' : '0'} onPointerMove={poke}>
      {src && !failed ? (
        <video
          ref={video}
          className={styles.video}
          src={src}
          poster={poster}
          autoPlay
          playsInline
          onClick={() => (shown ? toggle() : poke())}
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
          onLoadedMetadata={(e) => setDuration(e.currentTarget.duration)}
          onDurationChange={(e) => setDuration(e.currentTarget.duration)}
          onError={() => setFailed(true)}
          data-testid="video-player"
        />
      ) : (
        <p className={styles.failed} role="alert">
          {t('media.video.failed')}
        </p>
      )}
      <div className={`${styles.top} ${shown ? '' : styles.hidden}`}>
        <button
          type="button"
          className={styles.button}
          onClick={() => void goBack()}
          aria-label={t('media.video.back')}
          data-testid="back"
        >
          <BackIcon size={24} />
        </button>
      </div>
      {src && !failed ? (
        <div className={`${styles.bottom} ${shown ? '' : styles.hidden}`}>
          <button
            type="button"
            className={styles.button}
            onClick={toggle}
            aria-label={playing ? t('media.voice.pause') : t('media.video.play')}
            data-testid="video-toggle"
          >
            {playing ? <PauseIcon size={24} /> : <PlayIcon size={24} />}
          </button>
          <span className={styles.time}>{clock(time)}</span>
          <input
            className={styles.seek}
            type="range"
            min={0}
            max={total || 1}
            step={0.1}
            value={Math.min(time, total || 1)}
            disabled={!total}
            onChange={(e) => {
              if (video.current) video.current.currentTime = Number(e.currentTarget.value);
              poke();
            }}
            aria-label={t('media.video.seek')}
          />
          <span className={styles.time}>{total ? clock(total) : '--:--'}</span>
        </div>
      ) : null}
    </div>
  );
}
