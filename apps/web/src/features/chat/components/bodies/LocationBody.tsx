import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCoordinates, mapZoom } from '../../../location/geo';
import { locationOf } from '../../../location/model';
import { StaticMap } from '../../../location/components/StaticMap';
import { LocationViewer } from '../../../location/components/LocationViewer';
import { useSystemInfo } from '../../../system/api';
import { PlainBody } from './PlainBody';
import styles from './LocationBody.module.css';
import frame from './ShareCard.module.css';
import type { BodyProps } from '../../../../state/messages/types';

const THUMB = { width: 220, height: 100 };

/** A shared location (PROTOCOL §4.2): name, address and a still map; a tap opens the viewer. */
export function LocationBody(p: BodyProps) {
  const { t } = useTranslation();
  const { info } = useSystemInfo();
  const [open, setOpen] = useState(false);
  const location = locationOf(p.msg.extends);
  if (!location) return <PlainBody {...p} />;
  const title = location.name || location.address;
  return (
    <>
      <button
        type="button"
        className={frame.card}
        onClick={() => setOpen(true)}
        aria-label={t('share.location.open', { name: title })}
        data-testid="location-card"
      >
        <span className={styles.text}>
          <span className={styles.name}>{title}</span>
          <span className={styles.address}>
            {location.name && location.address ? location.address : formatCoordinates(location)}
          </span>
        </span>
        <StaticMap tileUrl={info.maps.tileUrl} center={location} zoom={mapZoom.chooser} {...THUMB} />
      </button>
      {open ? (
        <LocationViewer location={location} tileUrl={info.maps.tileUrl} open={open} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}
