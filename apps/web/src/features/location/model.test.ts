import { describe, expect, it } from 'vitest';
import {
  chooserRows,
  isMobileAgent,
  locationContent,
  locationExtends,
  locationOf,
  navigateUrl,
  nextPlacesPage,
  pinPlace,
} from './model';
import type { Place } from './provider';

const place = (name: string, i = 0): Place => ({
  name,
  address: `${name} street`,
  latitude: 30 + i / 1000,
  longitude: 120,
});
const page = (n: number, from = 0) => Array.from({ length: n }, (_, i) => place(`P${from + i}`, from + i));

describe('location chooser rows', () => {
  it('asks for another page only after a full page of 20', () => {
    expect(nextPlacesPage(page(20), [page(20)])).toBe(2);
    expect(nextPlacesPage(page(20, 20), [page(20), page(20, 20)])).toBe(3);
    expect(nextPlacesPage(page(7), [page(20), page(7)])).toBeUndefined();
  });

  it('puts the pin first without a keyword and drops its repeat from the nearby list', () => {
    const pin = pinPlace({ latitude: 30, longitude: 120 }, place('P0'), 'My location');
    const rows = chooserRows(pin, [page(3)], '');
    expect(rows.map((r) => r.name)).toEqual(['P0', 'P1', 'P2']);
    expect(rows[0]?.distance).toBe(0);
  });

  it('shows only the matches for a keyword', () => {
    const pin = pinPlace({ latitude: 30, longitude: 120 }, null, 'My location');
    expect(chooserRows(pin, [page(2)], 'cafe').map((r) => r.name)).toEqual(['P0', 'P1']);
  });

  it('names an unnamed pin by the fallback and its coordinates', () => {
    expect(pinPlace({ latitude: 31.2304, longitude: 121.4737 }, null, 'My location')).toEqual({
      name: 'My location',
      address: '31.23040, 121.47370',
      latitude: 31.2304,
      longitude: 121.4737,
      distance: 0,
    });
  });
});

describe('location messages', () => {
  it('sends only the four keys, trimmed to the protocol sizes', () => {
    const ext = locationExtends({ ...place(' Long '.repeat(30)), address: 'a'.repeat(300), distance: 12 });
    expect(Object.keys(ext).sort()).toEqual(['address', 'latitude', 'longitude', 'name']);
    expect(ext.name.length).toBeLessThanOrEqual(100);
    expect(ext.address).toHaveLength(255);
  });

  it('writes the content text from the name, else the address', () => {
    const fmt = (label: string) => `[Location] ${label}`;
    expect(locationContent(fmt, { name: 'Bund', address: 'Zhongshan Rd', latitude: 1, longitude: 2 })).toBe(
      '[Location] Bund',
    );
    expect(locationContent(fmt, { name: ' ', address: 'Zhongshan Rd', latitude: 1, longitude: 2 })).toBe(
      '[Location] Zhongshan Rd',
    );
  });

  it('reads a stored location and refuses broken ones', () => {
    expect(locationOf({ name: 'A', address: 'B', latitude: '1.5', longitude: 2 })).toEqual({
      name: 'A',
      address: 'B',
      latitude: 1.5,
      longitude: 2,
    });
    expect(locationOf({ name: 'A', latitude: 91, longitude: 2 })).toBeNull();
    expect(locationOf(null)).toBeNull();
  });

  it('navigates with geo: on phones and OpenStreetMap elsewhere', () => {
    const ext = { name: 'The Bund', address: '', latitude: 31.24, longitude: 121.49 };
    expect(navigateUrl(ext, true)).toBe('geo:31.24,121.49?q=31.24,121.49(The%20Bund)');
    expect(navigateUrl(ext, false)).toBe('https://www.openstreetmap.org/?mlat=31.24&mlon=121.49#map=18/31.24/121.49');
    expect(isMobileAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe(true);
    expect(isMobileAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/120')).toBe(false);
  });
});
