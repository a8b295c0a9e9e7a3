import http from 'node:http';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES } from '../src/platform/http/compress';
import { send, serverWithPeople } from './chat-fixtures';

/**
 * Large API answers travel compressed to clients that accept it (a phone on a slow network waits
 * for bytes): brotli or gzip by the client's `accept-encoding`, and small ones as they are.
 */

const { s, alice, bob } = await serverWithPeople(['alice-bob']);
for (let i = 0; i < 20; i++) await send(s, alice, bob.id, `message ${i} ${'文字'.repeat(20)}`);

interface Raw {
  headers: http.IncomingHttpHeaders;
  bytes: Buffer;
}

/** A POST as the wire has it: node:http does not decode, unlike fetch. */
function rawPost(path: string, body: object, headers: Record<string, string>): Promise<Raw> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${s.url}${path}`,
      { method: 'POST', headers: { 'content-type': 'application/json', authorization: alice.token, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, bytes: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const history = (acceptEncoding?: string) =>
  rawPost(
    '/enterprise/im/getMessageList',
    { toContactId: bob.id, limit: 20 },
    acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  );

describe('compressed API answers', () => {
  it('answers a large list in full to a client that asks for no encoding', async () => {
    const plain = await history();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.bytes.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const env = JSON.parse(plain.bytes.toString('utf8'));
    expect(env.code).toBe(0);
    expect(env.data).toHaveLength(20);
  });

  it.each([
    ['gzip, deflate', 'gzip', (b: Buffer) => zlib.gunzipSync(b)],
    ['gzip, deflate, br, zstd', 'br', (b: Buffer) => zlib.brotliDecompressSync(b)],
    ['br;q=0, gzip;q=0.5', 'gzip', (b: Buffer) => zlib.gunzipSync(b)],
  ])('accept-encoding "%s" gets %s: the same envelope in a fraction of the bytes', async (accept, encoding, decode) => {
    const plain = await history();
    const packed = await history(accept);
    expect(packed.headers['content-encoding']).toBe(encoding);
    expect(Number(packed.headers['content-length'])).toBe(packed.bytes.length);
    expect(packed.bytes.length).toBeLessThan(plain.bytes.length / 3);
    expect(JSON.parse(decode(packed.bytes).toString('utf8'))).toEqual(JSON.parse(plain.bytes.toString('utf8')));
  });

  it('answers with no encoding when the client accepts none it knows', async () => {
    const r = await history('identity, deflate;q=0.5, gzip;q=0');
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(r.bytes.toString('utf8')).data).toHaveLength(20);
  });

  it('sends a small answer as it is, even when compression is accepted', async () => {
    const r = await rawPost(
      '/common/pub/login',
      { account: 'nobody-here', password: 'x' },
      { 'accept-encoding': 'gzip, br' },
    );
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.bytes.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(JSON.parse(r.bytes.toString('utf8')).code).not.toBe(0);
  });
});
