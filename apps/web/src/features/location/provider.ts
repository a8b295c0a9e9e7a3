import type { MapsInfo } from '@parley/protocol';
import { fetchExternalJson } from '../../lib/api-client';
import { distanceMetres, isValidPosition, type LatLng } from './geo';

/**
 * The maps provider (PROTOCOL §12.1 `maps`, an extension): URL templates from the server's
 * configuration, filled here and fetched through `lib/api-client.ts`. Everything a screen needs
 * from a map service goes through this interface, so another provider means another template,
 * not other code.
 *
 * Placeholders (values URL-encoded): `{q}` keyword; `{lat}` `{lng}` the map centre; `{s}` a
 * tile subdomain (a/b/c); `{z}` `{x}` `{y}` a tile. Optional ones a template may use so the
 * nearby list can page (spec §9): `{radius}` metres (5000 around the pin, 50000 with a
 * keyword), `{limit}` (20), `{page}` (1-based) and `{offset}` (rows to skip). A search
 * template without `{page}` / `{offset}` answers one page only.
 */

export interface Place extends LatLng {
  name: string;
  address: string;
  /** Metres from the point the list was made around, when known. */
  distance?: number;
}

/** Chooser page size and search radii (spec §9). */
export const placesPageSize = 20;
/** Place search waits this long after the last keystroke (spec §9). */
export const searchDebounceMs = 1000;
const nearbyRadius = 5000;
const keywordRadius = 50_000;

export type TemplateValues = Record<string, string | number>;

/** Fills the known `{name}` placeholders of a URL template; other braces stay as they are. */
export function fillTemplate(template: string, values: TemplateValues): string {
  return template.replace(/\{([a-z]+)\}/gi, (whole, key: string) =>
    Object.hasOwn(values, key) ? encodeURIComponent(String(values[key])) : whole,
  );
}

const has = (template: string, key: string) => template.includes(`{${key}}`);

/** A tile URL for Leaflet-free drawing (the bubble thumbnail); subdomain picked per tile. */
export const tileUrlOf = (template: string, z: number, x: number, y: number): string =>
  fillTemplate(template, { z, x, y, s: 'abc'.charAt((x + y) % 3) });

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const num = (v: unknown): number =>
  typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;

/** `{latitude, longitude}`, `{lat, lon}` or `{lat, lng}`, numbers or numeric strings. */
function positionOf(v: unknown): LatLng | null {
  if (!isObject(v)) return null;
  const p = { latitude: num(v.latitude ?? v.lat), longitude: num(v.longitude ?? v.lon ?? v.lng) };
  return isValidPosition(p) ? p : null;
}

/**
 * One place of a provider answer. Nominatim: `{lat, lon, name, display_name}`; other shapes:
 * `{latitude, longitude, name|title, address}`. No name → the first part of the address.
 */
export function placeOf(v: unknown, around?: LatLng | null): Place | null {
  const at = positionOf(v);
  if (!at || !isObject(v)) return null;
  const address = str(v.display_name) || (typeof v.address === 'string' ? str(v.address) : '');
  const name = str(v.name) || str(v.title) || address.split(',')[0]?.trim() || '';
  if (!name && !address) return null;
  return { ...at, name, address, ...(around ? { distance: distanceMetres(around, at) } : {}) };
}

/** Rows of a search answer: an array, or one under `data` / `results`. */
function rowsOf(json: unknown): unknown[] {
  if (Array.isArray(json)) return json;
  if (isObject(json)) {
    if (Array.isArray(json.data)) return json.data;
    if (Array.isArray(json.results)) return json.results;
  }
  return [];
}

export interface SearchInput {
  /** "" = what is near `around`. */
  keyword: string;
  around: LatLng | null;
  /** 1-based. */
  page: number;
}

/** The search URL of one page, or null when the template cannot serve it. */
export function searchUrl(template: string, input: SearchInput): string | null {
  if (!template) return null;
  const keyword = input.keyword.trim();
  // Without a keyword only a template that searches around a point can list what is nearby.
  if (!keyword && !(has(template, 'radius') && input.around)) return null;
  if (input.page > 1 && !has(template, 'page') && !has(template, 'offset')) return null;
  return fillTemplate(template, {
    q: keyword,
    lat: input.around?.latitude ?? '',
    lng: input.around?.longitude ?? '',
    radius: keyword ? keywordRadius : nearbyRadius,
    limit: placesPageSize,
    page: input.page,
    offset: (input.page - 1) * placesPageSize,
  });
}

export interface MapProvider {
  /** Raster tile template, or "" when no map is configured. */
  tileUrl: string;
  /** A keyword search is possible. */
  canSearch: boolean;
  /** One page of places (≤ 20); [] when the template cannot serve it. */
  search(input: SearchInput): Promise<Place[]>;
  /** The address of a point, or null when not configured. */
  reverse(at: LatLng): Promise<Place | null>;
  /** The caller's rough position from the IP service, or null. */
  ipLocate(): Promise<LatLng | null>;
}

export function createProvider(
  maps: MapsInfo,
  getJson: (url: string) => Promise<unknown> = fetchExternalJson,
): MapProvider {
  return {
    tileUrl: maps.tileUrl,
    canSearch: Boolean(maps.searchUrl),
    async search(input) {
      const url = searchUrl(maps.searchUrl, input);
      if (!url) return [];
      return rowsOf(await getJson(url))
        .map((r) => placeOf(r, input.around))
        .filter((p): p is Place => p !== null)
        .slice(0, placesPageSize);
    },
    async reverse(at) {
      if (!maps.reverseUrl) return null;
      const json = await getJson(fillTemplate(maps.reverseUrl, { lat: at.latitude, lng: at.longitude }));
      const place = placeOf(json);
      // The pin stays where the user put it; the service only names it.
      return place ? { ...place, latitude: at.latitude, longitude: at.longitude } : null;
    },
    async ipLocate() {
      if (!maps.ipLocationUrl) return null;
      return positionOf(await getJson(maps.ipLocationUrl));
    },
  };
}
