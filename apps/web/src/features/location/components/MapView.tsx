import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCoordinates, type LatLng } from '../geo';
import type { MapHandle } from './leaflet-map';
import styles from './MapView.module.css';

export interface MapViewProps {
  /** Tile template; "" draws the neutral placeholder with the coordinates. */
  tileUrl: string;
  center: LatLng;
  zoom: number;
  /** The chooser: the map pans under a fixed centre pin and reports where it stopped. */
  onMoveEnd?(c: LatLng): void;
  className?: string;
}

const pinSvg =
  '<svg width="32" height="40" viewBox="0 0 32 40" aria-hidden="true"><path d="M16 39s13-13.6 13-23A13 13 0 0 0 3 16c0 9.4 13 23 13 23z" fill="#fa5151" stroke="#fff" stroke-width="2"/><circle cx="16" cy="16" r="5" fill="#fff"/></svg>';

/** The red pin (same drawing in the map, the placeholder and the bubble). */
export function Pin({ className }: { className?: string }) {
  return <span className={`${styles.pin} ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: pinSvg }} />;
}

/** A neutral square grid standing in for the map: no tiles configured, or none loaded. */
export function MapPlaceholder({
  center,
  className,
  note,
  showCoords = true,
}: {
  center: LatLng;
  className?: string;
  note?: string;
  showCoords?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div
      className={`${styles.map} ${styles.placeholder} ${className ?? ''}`}
      role="img"
      aria-label={`${t('share.location.map')} ${formatCoordinates(center)}`}
      data-testid="map-placeholder"
    >
      <Pin className={styles.centerPin} />
      {showCoords ? (
        <span className={styles.coords}>
          {note ? `${note} · ` : ''}
          {formatCoordinates(center)}
        </span>
      ) : null}
    </div>
  );
}

/** A slippy map (Leaflet) when tiles are configured, else the placeholder. */
export function MapView({ tileUrl, center, zoom, onMoveEnd, className }: MapViewProps) {
  const { t } = useTranslation();
  const el = useRef<HTMLDivElement>(null);
  const handle = useRef<MapHandle | null>(null);
  const [failed, setFailed] = useState(false);
  const moved = useRef(onMoveEnd);
  const first = useRef(center);
  useEffect(() => {
    moved.current = onMoveEnd;
  }, [onMoveEnd]);

  useEffect(() => {
    if (!tileUrl || !el.current) return;
    let cancelled = false;
    const node = el.current;
    import('./leaflet-map')
      .then(({ createMap }) => {
        if (cancelled) return;
        handle.current = createMap(node, {
          tileUrl,
          center: first.current,
          zoom,
          ...(moved.current
            ? { onMoveEnd: (c: LatLng) => moved.current?.(c) }
            : { marker: first.current, markerHtml: pinSvg }),
        });
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      handle.current?.destroy();
      handle.current = null;
    };
  }, [tileUrl, zoom]);

  useEffect(() => handle.current?.setCenter(center), [center]);

  if (!tileUrl || failed)
    return <MapPlaceholder center={center} className={className} note={t('share.location.mapOff')} />;
  return (
    <div className={`${styles.map} ${className ?? ''}`}>
      <div
        ref={el}
        className={styles.leaflet}
        role="application"
        aria-label={t('share.location.map')}
        data-testid="map"
      />
      {onMoveEnd ? <Pin className={styles.centerPin} /> : null}
    </div>
  );
}
