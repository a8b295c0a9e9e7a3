import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { defaultVideoPoster } from '@parley/protocol';
import { href } from '../../../../nav/routes';
import { clock, durationOf } from '../../../media/format';
import { PlayIcon } from '../../../media/icons';
import { imageBox } from '../../../media/sizing';
import styles from '../../../media/media.module.css';
import type { BodyProps } from '../../../../state/messages/types';

/** Videos have no size in extends (the server does not decode them): a fixed 4:3 frame. */
const FRAME = imageBox(180, 135);

/**
 * A video message: the poster (else the first frame) with a play mark and the length; a tap
 * opens the player page. While uploading, the local file's first frame shows.
 */
export function VideoBody({ msg }: BodyProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const seconds = durationOf(msg.extends);
  // The server's default poster is a generic icon (it does not decode video): the video's own
  // first frame says more, and only its metadata and one frame are fetched (Range requests).
  const given = typeof msg.extends?.poster === 'string' ? msg.extends.poster : '';
  const poster = given && !given.endsWith(defaultVideoPoster) ? given : '';
  const sent = msg.msg_id !== undefined;
  return (
    <button
      type="button"
      className={styles.videoButton}
      style={FRAME}
      disabled={!sent}
      onClick={() => void navigate(href('video', { src: msg.content, poster: poster || undefined }))}
      aria-label={seconds ? t('media.video.label', { duration: clock(seconds) }) : t('media.video.play')}
      data-testid="video-body"
      data-duration={seconds}
    >
      {poster ? (
        <img src={poster} alt="" loading="lazy" draggable={false} />
      ) : msg.content ? (
        <video
          src={sent ? `${msg.content}#t=0.1` : msg.content}
          muted
          preload="metadata"
          playsInline
          aria-hidden="true"
          tabIndex={-1}
        />
      ) : null}
      <span className={styles.playBadge} aria-hidden="true">
        <PlayIcon size={24} />
      </span>
      {seconds ? <span className={styles.videoTime}>{clock(seconds)}</span> : null}
    </button>
  );
}
