import { describe, expect, it, vi } from 'vitest';
import { defaultSystemInfo, type MapsInfo } from '@parley/protocol';
import { createProvider, fillTemplate, placeOf, searchUrl, tileUrlOf } from './provider';

const nominatim: MapsInfo = {
  tileUrl: 'https://{s}.tile.example/{z}/{x}/{y}.png',
  searchUrl: 'https://geo.example/search?format=jsonv2&q={q}&lat={lat}&lon={lng}&limit={limit}&page={page}',
  reverseUrl: 'https://geo.example/reverse?format=jsonv2&lat={lat}&lon={lng}',
  ipLocationUrl: 'https://ip.example/json',
};
const here = { latitude: 31.2304, longitude: 121.4737 };

describe('maps provider: URL templates', () => {
  it('fills the known placeholders URL-encoded and leaves other braces alone', () => {
    expect(fillTemplate('https://x/?q={q}&k={key}&n={n}', { q: '人民 广场&1', n: 2 })).toBe(
      'https://x/?q=%E4%BA%BA%E6%B0%91%20%E5%B9%BF%E5%9C%BA%261&k={key}&n=2',
    );
  });

  it('builds tile URLs with a rotating subdomain', () => {
    expect(tileUrlOf(nominatim.tileUrl, 16, 10, 20)).toBe('https://a.tile.example/16/10/20.png');
    expect(tileUrlOf(nominatim.tileUrl, 16, 11, 20)).toBe('https://b.tile.example/16/11/20.png');
  });

  it('searches a keyword within 50 km and pages 20 at a time', () => {
    const url = new URL(searchUrl(nominatim.searchUrl, { keyword: ' cafe ', around: here, page: 2 }) ?? '');
    expect(url.searchParams.get('q')).toBe('cafe');
    expect(url.searchParams.get('lat')).toBe('31.2304');
    expect(url.searchParams.get('limit')).toBe('20');
    expect(url.searchParams.get('page')).toBe('2');
    const radius = searchUrl('https://n.example/?q={q}&r={radius}&o={offset}', { keyword: 'x', around: here, page: 3 });
    expect(radius).toBe('https://n.example/?q=x&r=50000&o=40');
  });

  it('lists what is nearby within 5 km only when the template can search around a point', () => {
    expect(searchUrl(nominatim.searchUrl, { keyword: '', around: here, page: 1 })).toBeNull();
    expect(
      searchUrl('https://n.example/?q={q}&r={radius}&at={lat},{lng}', { keyword: '', around: here, page: 1 }),
    ).toBe('https://n.example/?q=&r=5000&at=31.2304,121.4737');
    expect(searchUrl('https://n.example/?q={q}&r={radius}', { keyword: '', around: null, page: 1 })).toBeNull();
  });

  it('serves one page only when the template cannot page, and nothing when unset', () => {
    expect(searchUrl('https://n.example/?q={q}', { keyword: 'x', around: here, page: 2 })).toBeNull();
    expect(searchUrl('', { keyword: 'x', around: here, page: 1 })).toBeNull();
  });
});

describe('maps provider: answers', () => {
  it('reads Nominatim rows and other common shapes, with the distance from the centre', () => {
    expect(
      placeOf({ lat: '31.2304', lon: '121.4837', name: 'Cafe', display_name: 'Cafe, Nanjing Rd, Shanghai' }, here),
    ).toMatchObject({ name: 'Cafe', address: 'Cafe, Nanjing Rd, Shanghai', latitude: 31.2304, longitude: 121.4837 });
    expect(placeOf({ lat: 31.2304, lon: 121.4837, display_name: 'Bund, Shanghai' }, here)?.distance).toBeGreaterThan(
      900,
    );
    expect(placeOf({ latitude: 1, longitude: 2, title: 'T', address: 'A' })).toEqual({
      latitude: 1,
      longitude: 2,
      name: 'T',
      address: 'A',
    });
    expect(placeOf({ lat: '95', lon: '1', name: 'x' })).toBeNull();
    expect(placeOf({ lat: 1, lon: 1 })).toBeNull();
  });

  it('asks the configured services and drops rows it cannot read', async () => {
    const getJson = vi.fn(async (url: string) => {
      if (url.includes('/search')) return [{ lat: '1', lon: '2', name: 'A', display_name: 'A, B' }, { broken: true }];
      if (url.includes('/reverse')) return { lat: '1.0001', lon: '2.0001', display_name: 'Main St 1, Town' };
      return { latitude: 10, longitude: 20 };
    });
    const p = createProvider(nominatim, getJson);
    expect(p.canSearch).toBe(true);
    expect(await p.search({ keyword: 'A', around: here, page: 1 })).toHaveLength(1);
    // The pin keeps its own coordinates; the service only names them.
    expect(await p.reverse({ latitude: 1, longitude: 2 })).toEqual({
      name: 'Main St 1',
      address: 'Main St 1, Town',
      latitude: 1,
      longitude: 2,
    });
    expect(await p.ipLocate()).toEqual({ latitude: 10, longitude: 20 });
  });

  it('calls nothing when no provider is configured', async () => {
    const getJson = vi.fn();
    const p = createProvider(defaultSystemInfo.maps, getJson);
    expect(p.canSearch).toBe(false);
    expect(p.tileUrl).toBe('');
    expect(await p.search({ keyword: 'x', around: here, page: 1 })).toEqual([]);
    expect(await p.reverse(here)).toBeNull();
    expect(await p.ipLocate()).toBeNull();
    expect(getJson).not.toHaveBeenCalled();
  });
});
