import { useTranslation } from 'react-i18next';
import type { MomentImage } from '@parley/protocol';
import { gridColumns } from '../model';
import styles from './Post.module.css';

/** One picture at its shape within 200 × 240, else a 2×2 or 3-across grid of squares. */
export function ImageGrid({ images, onOpen }: { images: MomentImage[]; onOpen(index: number): void }) {
  const { t } = useTranslation();
  const cols = gridColumns(images.length);
  const single = images.length === 1 ? images[0] : undefined;
  if (single) {
    const w = single.width || 200;
    const h = single.height || 200;
    const scale = Math.min(200 / w, 240 / h, 1.5);
    return (
      <button
        type="button"
        className={styles.single}
        onClick={() => onOpen(0)}
        aria-label={t('moments.feed.image', { index: 1, count: 1 })}
        data-testid="moment-image"
      >
        <img
          src={single.url}
          alt=""
          style={{ width: Math.round(w * scale), height: Math.round(h * scale) }}
          loading="lazy"
        />
      </button>
    );
  }
  return (
    <div className={`${styles.grid} ${cols === 2 ? styles.grid2 : styles.grid3}`}>
      {images.map((img, i) => (
        <button
          key={img.file_id}
          type="button"
          className={styles.cell}
          onClick={() => onOpen(i)}
          aria-label={t('moments.feed.image', { index: i + 1, count: images.length })}
          data-testid="moment-image"
        >
          <img src={img.url} alt="" loading="lazy" />
        </button>
      ))}
    </div>
  );
}
