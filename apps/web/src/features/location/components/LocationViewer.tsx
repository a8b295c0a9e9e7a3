import { useTranslation } from 'react-i18next';
import type { LocationExtends } from '@parley/protocol';
import { formatCoordinates, mapZoom } from '../geo';
import { isMobileAgent, navigateUrl } from '../model';
import { FullScreenSheet } from '../../../ui/FullScreenSheet';
import { MapView } from './MapView';
import styles from './LocationViewer.module.css';

/** A shared location: the map at zoom 18 with the pin, name, address and "Navigate". */
export function LocationViewer({
  location,
  tileUrl,
  open,
  onClose,
}: {
  location: LocationExtends;
  tileUrl: string;
  open: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const mobile = isMobileAgent(globalThis.navigator?.userAgent ?? '');
  return (
    <FullScreenSheet
      visible={open}
      title={t('share.location.viewer')}
      closeText={t('share.location.close')}
      onClose={onClose}
      testId="location-viewer"
    >
      <MapView className={styles.map} tileUrl={tileUrl} center={location} zoom={mapZoom.viewer} />
      <div className={styles.card}>
        <div className={styles.text}>
          <h3 className={styles.name} data-testid="location-viewer-name">
            {location.name || location.address}
          </h3>
          <p className={styles.address}>
            {location.name ? location.address || formatCoordinates(location) : formatCoordinates(location)}
          </p>
        </div>
        <a
          className={styles.navigate}
          href={navigateUrl(location, mobile)}
          target={mobile ? undefined : '_blank'}
          rel="noopener noreferrer"
          data-testid="location-navigate"
        >
          {t('share.location.navigate')}
        </a>
      </div>
    </FullScreenSheet>
  );
}
