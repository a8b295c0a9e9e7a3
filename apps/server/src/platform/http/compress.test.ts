import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, compress } from './compress';

const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync };

describe('compress', () => {
  // Both sides of the size at which compression leaves the event loop for the thread pool.
  it.each([
    ['br', 20_000],
    ['gzip', 20_000],
    ['br', 300_000],
    ['gzip', 300_000],
  ] as const)('%s of %i bytes decodes to the same text, smaller', async (encoding, size) => {
    const text = JSON.stringify(Array.from({ length: size / 50 }, (_, i) => ({ id: i, name: `张三 ${i % 97}` })));
    const out = await compress(text, encoding);
    expect(out.length).toBeLessThan(text.length / 4);
    expect(decode[encoding](out).toString('utf8')).toBe(text);
  });
});

describe('chooseEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.2, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
  ])('"%s" → %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});
