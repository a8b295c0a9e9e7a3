import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';

/**
 * Compression of API answers (PROTOCOL §1.3 envelopes) for clients that accept it. A phone on a
 * slow network waits for bytes, not for our CPU: getContacts of 500 chats is 221 kB of JSON, 1.2 s
 * at 1.44 Mbit/s, and 10.7 kB with brotli (0.9 ms of CPU) or 14.4 kB with gzip (1.1 ms).
 * Static assets are compressed at build time instead (static.ts).
 */

/**
 * Answers below this go out as they are: one TCP segment carries them either way, and the
 * send path's answers (a few hundred bytes, thousands a second) pay nothing.
 */
export const COMPRESS_MIN_BYTES = 1400;

/** Brotli first (smaller and, at these settings, as fast); browsers offer it over HTTPS and to localhost only. */
const negotiator = new Negotiator({ supportedValues: ['br', 'gzip'] });

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Encoding = 'br' | 'gzip';

/** The encoding to answer `accept-encoding` with, if any (q-values honoured, `identity` default). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  return (negotiator.negotiate(acceptEncoding) as Encoding | null) ?? undefined;
}

/**
 * Up to this size an answer is compressed on the event loop: a 17 kB page takes 0.09 ms so, and
 * 0.2 ms of CPU through the thread pool (the hand-over costs more than the work). Larger ones go
 * to the thread pool, so a big list never holds the loop.
 */
const ON_LOOP_MAX_BYTES = 64 * 1024;

const brotliOptions = (size: number): zlib.BrotliOptions => ({
  params: {
    // Quality 4: 10.7 kB in 0.9 ms for the 221 kB list above; 5 saves 14 % more for 1.6× the time.
    [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});
const GZIP_OPTIONS: zlib.ZlibOptions = { level: 4 };

export async function compress(body: string, encoding: Encoding): Promise<Buffer> {
  const input = Buffer.from(body);
  if (input.length <= ON_LOOP_MAX_BYTES) {
    return encoding === 'br'
      ? zlib.brotliCompressSync(input, brotliOptions(input.length))
      : zlib.gzipSync(input, GZIP_OPTIONS);
  }
  return encoding === 'br' ? brotli(input, brotliOptions(input.length)) : gzip(input, GZIP_OPTIONS);
}
