import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { mapZoom, type LatLng } from '../geo';

/**
 * Leaflet behind a tiny interface, loaded only when a map is configured (its code and CSS stay
 * out of the chat bundle). No default marker images: the pin is ours (CSS), so nothing else is
 * fetched.
 */

export interface MapHandle {
  setCenter(c: LatLng): void;
  destroy(): void;
}

export interface MapOptions {
  tileUrl: string;
  center: LatLng;
  zoom: number;
  /** The user stopped panning or zooming: the new centre. */
  onMoveEnd?(c: LatLng): void;
  /** A fixed marker (the viewer); the chooser draws its own centre pin instead. */
  marker?: LatLng;
  markerHtml?: string;
}

const toLeaflet = (c: LatLng): L.LatLngExpression => [c.latitude, c.longitude];

export function createMap(el: HTMLElement, o: MapOptions): MapHandle {
  const map = L.map(el, {
    center: toLeaflet(o.center),
    zoom: o.zoom,
    minZoom: mapZoom.min,
    maxZoom: mapZoom.max,
    attributionControl: false,
  });
  L.tileLayer(o.tileUrl, { minZoom: mapZoom.min, maxZoom: mapZoom.max, subdomains: 'abc' }).addTo(map);
  if (o.marker) {
    L.marker(toLeaflet(o.marker), {
      icon: L.divIcon({ className: '', html: o.markerHtml ?? '', iconSize: [32, 40], iconAnchor: [16, 40] }),
      keyboard: false,
      interactive: false,
    }).addTo(map);
  }
  map.on('moveend', () => {
    const c = map.getCenter();
    o.onMoveEnd?.({ latitude: c.lat, longitude: c.lng });
  });
  return {
    setCenter(c) {
      const now = map.getCenter();
      // Only a real change: a centre that came from this map's own move must not loop back.
      if (Math.abs(now.lat - c.latitude) > 1e-7 || Math.abs(now.lng - c.longitude) > 1e-7) map.setView(toLeaflet(c), map.getZoom());
    },
    destroy() {
      map.remove();
    },
  };
}
