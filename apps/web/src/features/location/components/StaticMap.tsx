import { useState } from 'react';
import { tilesCovering, type LatLng } from '../geo';
import { tileUrlOf } from '../provider';
import { MapPlaceholder, Pin } from './MapView';
import styles from './StaticMap.module.css';

/**
 * A still map around a point for the chat bubble: the few tiles that cover the box, the pin on
 * top — plain images, no map library. No tiles configured (or none load) → the placeholder.
 */
export function StaticMap({
  tileUrl,
  center,
  zoom,
  width,
  height,
}: {
  tileUrl: string;
  center: LatLng;
  zoom: number;
  width: number;
  height: number;
}) {
  const [broken, setBroken] = useState(false);
  // The bubble already prints the address or the coordinates above the map.
  if (!tileUrl || broken) return <MapPlaceholder center={center} className={styles.box} showCoords={false} />;
  return (
    <div className={styles.box} style={{ width, height }} aria-hidden="true">
      {tilesCovering(center, zoom, width, height).map((t) => (
        <img
          key={`${t.x}/${t.y}`}
          className={styles.tile}
          src={tileUrlOf(tileUrl, t.z, t.x, t.y)}
          style={{ left: t.left, top: t.top }}
          alt=""
          loading="lazy"
          draggable={false}
          onError={() => setBroken(true)}
        />
      ))}
      <Pin className={styles.pin} />
    </div>
  );
}
