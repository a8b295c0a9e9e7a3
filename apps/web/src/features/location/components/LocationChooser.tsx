import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { LocationExtends } from '@parley/protocol';
import { mapZoom } from '../geo';
import { locationExtends } from '../model';
import { useLocationChooser } from '../use-location-chooser';
import { FullScreenSheet } from '../../../ui/FullScreenSheet';
import { MapView } from './MapView';
import { PlaceList } from './PlaceList';
import styles from './LocationChooser.module.css';

/**
 * "+" → Location: a map with a centre pin, a place search (debounced 1 s) and the nearby list
 * (20 a page, the pin first). With no maps provider it still sends the device's coordinates.
 */
export function LocationChooser({
  open,
  onClose,
  onSend,
}: {
  open: boolean;
  onClose(): void;
  onSend(ext: LocationExtends): void;
}) {
  const { t } = useTranslation();
  const c = useLocationChooser(open);
  const chosen = c.chosen;

  const send = () => {
    if (!chosen) return;
    onSend(locationExtends(chosen));
    onClose();
  };

  return (
    <FullScreenSheet
      visible={open}
      title={t('share.location.title')}
      closeText={t('share.location.cancel')}
      onClose={onClose}
      testId="location-chooser"
      action={
        <button type="button" className={styles.send} disabled={!chosen} onClick={send} data-testid="location-send">
          {t('share.location.send')}
        </button>
      }
    >
      {c.pin ? (
        // The map shows the chosen place; panning it moves the pin and lists what is near.
        <MapView
          className={styles.map}
          tileUrl={c.provider.tileUrl}
          center={chosen ?? c.pin}
          zoom={mapZoom.chooser}
          onMoveEnd={c.movePin}
        />
      ) : (
        <div className={`${styles.map} ${styles.status}`} role="status" data-testid="location-status">
          {c.where.kind === 'failed' ? (
            <>
              <p>{t('share.location.locateFailed')}</p>
              <Button color="primary" fill="outline" size="small" onClick={c.retryLocate} data-testid="location-retry">
                {t('share.location.retry')}
              </Button>
            </>
          ) : (
            <p>{t('share.location.locating')}</p>
          )}
        </div>
      )}
      {c.provider.canSearch ? (
        <input
          className={styles.search}
          type="search"
          value={c.keyword}
          onChange={(e) => c.setKeyword(e.target.value)}
          placeholder={t('share.location.search')}
          aria-label={t('share.location.search')}
          enterKeyHint="search"
          data-testid="location-search"
        />
      ) : (
        <p className={styles.note} data-testid="location-search-off">
          {t('share.location.searchOff')}
        </p>
      )}
      {c.where.kind === 'located' && c.where.source === 'ip' ? (
        <p className={styles.note}>{t('share.location.ipFallback')}</p>
      ) : null}
      {c.pendingSearch ? (
        <p className={styles.note} role="status">
          {t('share.location.searching')}
        </p>
      ) : c.searchFailed ? (
        <p className={`${styles.note} ${styles.error}`} role="alert">
          {t('share.location.searchFailed')}
        </p>
      ) : c.keyword.trim() && c.rows.length === 0 ? (
        <p className={styles.note} role="status">
          {t('share.location.noResults')}
        </p>
      ) : null}
      <PlaceList
        rows={c.rows}
        chosenIndex={c.chosenIndex}
        onChoose={c.choose}
        pinFirst={!c.keyword.trim() && c.pin !== null}
        hasMore={c.hasMore}
        loadingMore={c.loadingMore}
        onMore={c.loadMore}
      />
    </FullScreenSheet>
  );
}
