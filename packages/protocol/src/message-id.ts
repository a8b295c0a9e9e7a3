/**
 * A new message id (PROTOCOL §4.4: a uuid made by the sending client, any version): a UUIDv7
 * (RFC 9562), the Unix time in milliseconds in its first 48 bits and 74 random bits after.
 *
 * Why not `crypto.randomUUID()`: the server keeps a unique index on every message id (a resend
 * must not double a message), and a random key lands each message on a page of its own in it:
 * over half of the pages SQLite's WAL carried at 4,000 sends a second (docs/performance.md, "What
 * the WAL carries"). Ids that grow with time land a client's sends on the index's newest pages.
 * Uniqueness is the random part's: 74 bits within one millisecond.
 */
export function newMessageId(now: number = Date.now()): string {
  const b = new Uint8Array(16);
  // Web Crypto, in browsers and in Node (18+) alike; the package's types name neither.
  (globalThis as unknown as { crypto: { getRandomValues(a: Uint8Array): Uint8Array } }).crypto.getRandomValues(b);
  let ms = Math.floor(now);
  for (let i = 5; i >= 0; i--) {
    b[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  b[6] = 0x70 | ((b[6] ?? 0) & 0x0f); // version 7
  b[8] = 0x80 | ((b[8] ?? 0) & 0x3f); // variant 10
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
