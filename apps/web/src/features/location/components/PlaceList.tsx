import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndReached } from '../../../lib/use-end-reached';
import { formatDistance } from '../geo';
import type { Place } from '../provider';
import styles from './PlaceList.module.css';
import listRow from '../../../ui/ListRow.module.css';

export interface PlaceListProps {
  rows: readonly Place[];
  chosenIndex: number;
  onChoose(i: number): void;
  /** The first row is the pin ("current position"). */
  pinFirst: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onMore(): void;
}

/** Places to send, one chosen (a radio group), with the next page on demand. */
export function PlaceList({ rows, chosenIndex, onChoose, pinFirst, hasMore, loadingMore, onMore }: PlaceListProps) {
  const { t } = useTranslation();
  const more = useRef<HTMLButtonElement>(null);
  useEndReached(more, { hasNextPage: hasMore, isFetchingNextPage: loadingMore, fetchNextPage: onMore }, rows.length);
  return (
    <div className={styles.list} role="radiogroup" aria-label={t('share.location.title')} data-testid="place-list">
      {rows.map((p, i) => {
        const on = i === chosenIndex;
        const d = p.distance !== undefined && !(pinFirst && i === 0) ? formatDistance(p.distance) : null;
        return (
          <button
            key={`${i}:${p.name}:${p.latitude}:${p.longitude}`}
            type="button"
            role="radio"
            aria-checked={on}
            className={styles.row}
            onClick={() => onChoose(i)}
            data-testid="place-row"
          >
            <span className={listRow.stack}>
              <span className={styles.name}>
                {pinFirst && i === 0 ? t('share.location.current') : p.name || p.address}
              </span>
              <span className={styles.address}>
                {d ? `${t(`share.location.${d.unit}`, { n: d.n })} | ` : ''}
                {pinFirst && i === 0 ? p.address || p.name : p.address}
              </span>
            </span>
            <span className={`${styles.check} ${on ? styles.on : ''}`} aria-hidden="true">
              {on ? '✓' : ''}
            </span>
          </button>
        );
      })}
      {hasMore || loadingMore ? (
        <button
          ref={more}
          type="button"
          className={styles.more}
          onClick={onMore}
          disabled={loadingMore}
          data-testid="place-more"
        >
          {loadingMore ? t('common.loading') : t('share.location.loadMore')}
        </button>
      ) : rows.length > (pinFirst ? 1 : 0) ? (
        <p className={styles.end}>{t('share.location.noMore')}</p>
      ) : null}
    </div>
  );
}
