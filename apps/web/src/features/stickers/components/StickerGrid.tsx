import type { SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sticker } from '@parley/protocol';
import styles from './StickerGrid.module.css';

export interface StickerSize {
  width: number;
  height: number;
}

export interface StickerGridProps {
  stickers: readonly Sticker[];
  /** `size`: the picture's own size once loaded (sent as the message's extends). */
  onTap(sticker: Sticker, size: StickerSize | undefined): void;
  /** Manage mode: tiles are check boxes. */
  selected?: readonly number[];
  /** The "+" tile (upload); its progress 0–1 while a picture is on its way. */
  onAdd?(): void;
  addProgress?: number | null;
  /** Tile size class: small in the chat panel, larger on the manage page. */
  large?: boolean;
}

const naturalSize = (e: SyntheticEvent<HTMLButtonElement>): StickerSize | undefined => {
  const img = e.currentTarget.querySelector('img');
  return img && img.naturalWidth > 0 ? { width: img.naturalWidth, height: img.naturalHeight } : undefined;
};

/** Sticker tiles with an optional "+" tile first (WeChat's layout). */
export function StickerGrid({ stickers, onTap, selected, onAdd, addProgress = null, large }: StickerGridProps) {
  const { t } = useTranslation();
  const selecting = selected !== undefined;
  return (
    <div className={`${styles.grid} ${large ? styles.large : ''}`} data-testid="sticker-grid">
      {onAdd ? (
        <button
          type="button"
          className={`${styles.tile} ${styles.add}`}
          onClick={onAdd}
          disabled={addProgress !== null}
          aria-label={t('share.stickers.add')}
          data-testid="sticker-add"
        >
          {addProgress === null ? (
            <span aria-hidden="true">+</span>
          ) : (
            <span
              className={styles.progress}
              role="progressbar"
              aria-valuenow={Math.round(addProgress * 100)}
              data-testid="sticker-upload-progress"
            >
              {t('share.stickers.uploading', { percent: Math.round(addProgress * 100) })}
            </span>
          )}
        </button>
      ) : null}
      {stickers.map((s) => {
        const on = selecting && selected.includes(s.id);
        return (
          <button
            key={s.id}
            type="button"
            className={`${styles.tile} ${on ? styles.on : ''}`}
            onClick={(e) => onTap(s, naturalSize(e))}
            {...(selecting ? { role: 'checkbox', 'aria-checked': on } : {})}
            aria-label={s.title || s.name || t('share.stickers.sticker')}
            data-testid="sticker-tile"
            data-id={s.id}
          >
            <img className={styles.img} src={s.src} alt="" loading="lazy" draggable={false} />
            {selecting ? (
              <span className={`${styles.check} ${on ? styles.checked : ''}`} aria-hidden="true">
                {on ? '✓' : ''}
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
