import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { mapZoom, type LatLng } from '../geo';

/**
 * Leaflet behind a tiny interface, loaded only when a map is configured (its code and CSS stay
 * out of the chat bundle). No default marker images: the pin is ours (CSS), so nothing else is
 * fetched.
 */

export interface MapHandle {
  /** Shows `c` in the middle without reporting it as the user's move. */
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

/** OpenStreetMap's tiles must name their source (its tile policy); other servers set their own. */
const attributionOf = (tileUrl: string): string =>
  /openstreetmap\.(org|fr|de)/i.test(tileUrl)
    ? '&copy; <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">OpenStreetMap</a>'
    : '';

const toLeaflet = (c: LatLng): L.LatLngExpression => [c.latitude, c.longitude];

export function createMap(el: HTMLElement, o: MapOptions): MapHandle {
  const map = L.map(el, { center: toLeaflet(o.center), zoom: o.zoom, minZoom: mapZoom.min, maxZoom: mapZoom.max });
  map.attributionControl.setPrefix(false);
  L.tileLayer(o.tileUrl, {
    minZoom: mapZoom.min,
    maxZoom: mapZoom.max,
    subdomains: 'abc',
    attribution: attributionOf(o.tileUrl),
  }).addTo(map);
  if (o.marker) {
    L.marker(toLeaflet(o.marker), {
      icon: L.divIcon({ className: '', html: o.markerHtml ?? '', iconSize: [32, 40], iconAnchor: [16, 40] }),
      keyboard: false,
      interactive: false,
    }).addTo(map);
  }
  // Where setCenter put the map: the app showing a place, not the user choosing one. A later
  // moveend that leaves it there (the same move, a resize) is not reported either.
  let shown: L.LatLng | null = null;
  let closed = false;
  let zooming = false;
  map.on('zoomanim', () => (zooming = true));
  map.on('zoomend', () => (zooming = false));
  map.on('moveend', () => {
    if (closed) return;
    const c = map.getCenter();
    if (shown && map.latLngToContainerPoint(shown).distanceTo(map.latLngToContainerPoint(c)) < 2) return;
    shown = null;
    o.onMoveEnd?.({ latitude: c.lat, longitude: c.lng });
  });
  return {
    setCenter(c) {
      const now = map.getCenter();
      if (Math.abs(now.lat - c.latitude) <= 1e-7 && Math.abs(now.lng - c.longitude) <= 1e-7) return;
      shown = L.latLng(c.latitude, c.longitude);
      map.setView(shown, map.getZoom(), { animate: false });
    },
    destroy() {
      closed = true;
      // Leaflet 1.9 ends a zoom animation on a 250 ms timer that reads the map pane remove()
      // has dropped (Leaflet#9575, a page error): a map closed mid-zoom goes once that has run.
      if (zooming) setTimeout(() => map.remove(), 300);
      else map.remove();
    },
  };
}
