import type { LocationExtends } from '@parley/protocol';
import { formatCoordinates, isValidPosition, type LatLng } from './geo';
import { placesPageSize, type Place } from './provider';

/** What the location chooser lists and sends, as pure functions. */

/** The next page to ask for, or undefined when the last one was short (PROTOCOL §1.5 rule). */
export const nextPlacesPage = (last: readonly Place[], pages: readonly (readonly Place[])[]): number | undefined =>
  last.length >= placesPageSize ? pages.length + 1 : undefined;

/**
 * The pin as the first row: the service's name for it when there is one, else "my position"
 * and the coordinates, so something sendable exists even with no provider at all.
 */
export function pinPlace(at: LatLng, named: Place | null | undefined, fallbackName: string): Place {
  return named
    ? { ...named, latitude: at.latitude, longitude: at.longitude, distance: 0 }
    : {
        name: fallbackName,
        address: formatCoordinates(at),
        latitude: at.latitude,
        longitude: at.longitude,
        distance: 0,
      };
}

/**
 * Rows of the chooser: without a keyword the pin first, then what is near it (minus repeats of
 * the pin); with a keyword only the matches.
 */
export function chooserRows(pin: Place | null, pages: readonly (readonly Place[])[], keyword: string): Place[] {
  const found = pages.flat();
  if (keyword.trim()) return found;
  if (!pin) return found;
  const same = (p: Place) => p.name === pin.name && p.address === pin.address;
  return [pin, ...found.filter((p) => !same(p))];
}

/** The `extends` of a location message (PROTOCOL §4.2): only the four keys, trimmed to size. */
export function locationExtends(p: Place): LocationExtends {
  return {
    name: p.name.trim().slice(0, 100),
    address: p.address.trim().slice(0, 255),
    latitude: p.latitude,
    longitude: p.longitude,
  };
}

/** A message's location, or null when its extends do not hold a usable one. */
export function locationOf(ext: unknown): LocationExtends | null {
  if (typeof ext !== 'object' || ext === null) return null;
  const e = ext as Partial<Record<keyof LocationExtends, unknown>>;
  const at = { latitude: Number(e.latitude), longitude: Number(e.longitude) };
  if (!isValidPosition(at)) return null;
  return {
    name: typeof e.name === 'string' ? e.name : '',
    address: typeof e.address === 'string' ? e.address : '',
    ...at,
  };
}

/**
 * The text the server will write for it (`[位置] <name>`, the address when there is no name),
 * shown while the message is on its way.
 */
export const locationContent = (format: (label: string) => string, ext: LocationExtends): string =>
  format(ext.name.trim() || ext.address.trim());

/** "Navigate": a `geo:` URI for the phone's map apps, else OpenStreetMap in a new tab. */
export function navigateUrl(ext: LocationExtends, mobile: boolean): string {
  const { latitude: lat, longitude: lng } = ext;
  if (mobile) {
    const label = ext.name || ext.address;
    return `geo:${lat},${lng}?q=${lat},${lng}${label ? `(${encodeURIComponent(label)})` : ''}`;
  }
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=18/${lat}/${lng}`;
}

/** Touch phones and tablets get the `geo:` link (the same test as PROTOCOL §2.1's isMobile). */
export const isMobileAgent = (ua: string): boolean =>
  /android|iphone|ipad|ipod|mobile|harmonyos|html5plus|uni-app|micromessenger/i.test(ua);
