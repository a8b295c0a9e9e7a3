import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageBox } from '../../../media/sizing';
import { openImage, thumbOf } from '../../../media/viewer-store';
import styles from '../../../media/media.module.css';
import type { BodyProps } from '../../../../state/messages/types';

/**
 * An image message: drawn at its final size from `extends` width/height (capped 200 × 240,
 * spec §9) with a placeholder until it loads; a tap opens the viewer.
 */
export function ImageBody({ msg, senderName }: BodyProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const box = imageBox(msg.extends?.width, msg.extends?.height);
  const alt = msg.fileName || t('media.image.alt', { name: senderName });
  return (
    <button
      type="button"
      className={styles.imageButton}
      style={{ width: box.width, height: box.height }}
      onClick={() => openImage(msg)}
      aria-label={alt}
      data-testid="image-body"
      data-state={state}
    >
      <img
        src={thumbOf(msg)}
        alt={alt}
        loading="lazy"
        decoding="async"
        draggable={false}
        className={state === 'loaded' ? styles.loaded : undefined}
        onLoad={() => setState('loaded')}
        onError={() => setState('failed')}
      />
      {state !== 'loaded' ? (
        <span className={`${styles.placeholder} ${state === 'failed' ? styles.failed : ''}`} aria-hidden="true">
          {state === 'failed' ? t('media.image.loadFailed') : null}
        </span>
      ) : null}
    </button>
  );
}
