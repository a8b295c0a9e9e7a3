import { useTranslation } from 'react-i18next';
import { removeItem, retryItem, type DraftItem } from '../draft';
import styles from './Publish.module.css';

/** Thumbnails of the picked media with upload progress, move earlier / later and remove. */
export function MediaTiles({
  items,
  canAdd,
  onAdd,
  onMove,
}: {
  items: DraftItem[];
  canAdd: boolean;
  onAdd(): void;
  onMove(from: number, to: number): void;
}) {
  const { t } = useTranslation();
  return (
    <ul className={styles.tiles} data-testid="publish-media">
      {items.map((it, i) => (
        <li key={it.key} className={styles.tile} data-testid="publish-tile" data-status={it.status}>
          {it.kind === 'video' ? (
            <video className={styles.thumb} src={it.preview} muted playsInline preload="metadata" />
          ) : (
            <img className={styles.thumb} src={it.preview} alt="" />
          )}
          {it.status === 'uploading' ? (
            <span
              className={styles.progress}
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(it.progress * 100)}
            >
              {t('moments.publish.uploading', { percent: Math.round(it.progress * 100) })}
            </span>
          ) : null}
          {it.status === 'failed' ? (
            <button type="button" className={styles.failed} onClick={() => retryItem(it.key)}>
              {t('moments.publish.uploadFailed')}
            </button>
          ) : null}
          <button
            type="button"
            className={styles.remove}
            onClick={() => removeItem(it.key)}
            aria-label={t('moments.publish.remove', { index: i + 1 })}
            data-testid="publish-remove"
          >
            ×
          </button>
          {items.length > 1 ? (
            <span className={styles.order}>
              <button
                type="button"
                disabled={i === 0}
                onClick={() => onMove(i, i - 1)}
                aria-label={t('moments.publish.moveLeft', { index: i + 1 })}
                data-testid="publish-move-left"
              >
                ‹
              </button>
              <button
                type="button"
                disabled={i === items.length - 1}
                onClick={() => onMove(i, i + 1)}
                aria-label={t('moments.publish.moveRight', { index: i + 1 })}
                data-testid="publish-move-right"
              >
                ›
              </button>
            </span>
          ) : null}
        </li>
      ))}
      {canAdd ? (
        <li className={styles.tile}>
          <button
            type="button"
            className={styles.add}
            onClick={onAdd}
            aria-label={t('moments.publish.addMedia')}
            data-testid="publish-add"
          >
            +
          </button>
        </li>
      ) : null}
    </ul>
  );
}
