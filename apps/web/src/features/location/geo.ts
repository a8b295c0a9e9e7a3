/**
 * Plain geometry for locations (spec §9 map constants): distances for the nearby list, and the
 * Web-Mercator tile arithmetic behind the static map of a location bubble.
 */

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** Map zoom bounds and defaults (spec §9). */
export const mapZoom = { min: 5, max: 18, chooser: 16, viewer: 18 } as const;

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceMetres(a: LatLng, b: LatLng): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** "850 m" under a kilometre, "1.2 km" up to 100 km, whole kilometres beyond. */
export function formatDistance(metres: number): { unit: 'metres' | 'kilometres'; n: string } {
  if (metres < 1000) return { unit: 'metres', n: String(Math.max(1, Math.round(metres))) };
  const km = metres / 1000;
  return { unit: 'kilometres', n: km < 100 ? km.toFixed(1) : String(Math.round(km)) };
}

/** "31.23040, 121.47370": five decimals ≈ 1 m, enough to find the place again. */
export const formatCoordinates = (p: LatLng): string => `${p.latitude.toFixed(5)}, ${p.longitude.toFixed(5)}`;

export const isValidPosition = (p: Partial<LatLng> | null | undefined): p is LatLng =>
  !!p &&
  typeof p.latitude === 'number' &&
  typeof p.longitude === 'number' &&
  Number.isFinite(p.latitude) &&
  Number.isFinite(p.longitude) &&
  Math.abs(p.latitude) <= 90 &&
  Math.abs(p.longitude) <= 180;

const TILE_SIZE = 256;

/** World pixel of a point at `zoom` (Web Mercator, as every slippy-map tile server uses). */
export function worldPixel(p: LatLng, zoom: number): { x: number; y: number } {
  const scale = TILE_SIZE * 2 ** zoom;
  const lat = Math.max(-85.05112878, Math.min(85.05112878, p.latitude));
  const sin = Math.sin(rad(lat));
  return { x: ((p.longitude + 180) / 360) * scale, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale };
}

export interface PlacedTile {
  z: number;
  x: number;
  y: number;
  /** Offset of the tile's top-left corner inside the box, px. */
  left: number;
  top: number;
}

/** The tiles that cover a `width` × `height` box centred on `center` (wrapping in longitude). */
export function tilesCovering(center: LatLng, zoom: number, width: number, height: number): PlacedTile[] {
  const c = worldPixel(center, zoom);
  const x0 = c.x - width / 2;
  const y0 = c.y - height / 2;
  const count = 2 ** zoom;
  const tiles: PlacedTile[] = [];
  for (let ty = Math.floor(y0 / TILE_SIZE); ty * TILE_SIZE < y0 + height; ty++) {
    if (ty < 0 || ty >= count) continue;
    for (let tx = Math.floor(x0 / TILE_SIZE); tx * TILE_SIZE < x0 + width; tx++) {
      tiles.push({
        z: zoom,
        x: ((tx % count) + count) % count,
        y: ty,
        left: Math.round(tx * TILE_SIZE - x0),
        top: Math.round(ty * TILE_SIZE - y0),
      });
    }
  }
  return tiles;
}
