import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogs } from '../../../../ui/dialogs';
import { durationOf, voiceLabel } from '../../../media/format';
import { WavesIcon } from '../../../media/icons';
import { voiceWidth } from '../../../media/sizing';
import { claimPlayback, markPlayed, wasPlayed } from '../../../media/voice-playback';
import styles from '../../../media/media.module.css';
import type { BodyProps } from '../../../../state/messages/types';

/**
 * A voice note: tap to play or pause, the length from `extends.duration` (a WebM recording has
 * none in its header), a progress line while it plays, wider for longer notes, a red dot on
 * received notes not played yet. Only one note plays at a time.
 */
export function VoiceBody({ msg, mine }: BodyProps) {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [played, setPlayed] = useState(() => mine || wasPlayed(msg.id));
  const seconds = durationOf(msg.extends);
  const sent = msg.msg_id !== undefined;

  useEffect(() => {
    const el = audio.current;
    return () => el?.pause();
  }, []);

  const toggle = () => {
    const el = audio.current;
    if (!el || !sent) return;
    if (!el.paused) {
      el.pause();
      return;
    }
    claimPlayback(el);
    if (el.ended) el.currentTime = 0;
    el.play().catch(() => dialogs.toast(t('media.voice.playFailed')));
    if (!played) {
      markPlayed(msg.id);
      setPlayed(true);
    }
  };

  const total = seconds || 1;
  return (
    <button
      type="button"
      className={`${styles.voice} ${mine ? styles.voiceMine : ''} ${playing ? styles.playing : ''}`}
      style={{ width: voiceWidth(seconds) }}
      onClick={toggle}
      aria-label={`${playing ? t('media.voice.pause') : t('media.voice.play')}, ${t('media.voice.note', { seconds })}`}
      aria-pressed={playing}
      data-testid="voice-body"
      data-playing={playing ? '1' : '0'}
      data-duration={seconds}
    >
      <WavesIcon size={20} className={styles.waves} />
      <span className={styles.voiceTrack} aria-hidden="true">
        <span style={{ transform: `scaleX(${Math.min(1, position / total)})` }} />
      </span>
      <span className={styles.voiceTime}>{voiceLabel(seconds)}</span>
      {!played ? (
        <span
          className={styles.unplayed}
          role="img"
          aria-label={t('media.voice.unplayed')}
          data-testid="voice-unplayed"
        />
      ) : null}
      {sent ? (
        <audio
          ref={audio}
          src={msg.content}
          preload="none"
          data-testid="voice-audio"
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => {
            setPlaying(false);
            setPosition(0);
          }}
          onTimeUpdate={(e) => setPosition(e.currentTarget.currentTime)}
        />
      ) : null}
    </button>
  );
}
