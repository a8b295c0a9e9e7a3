import { createECDH, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service on loopback (what FCM or Mozilla's autopush are to a browser) and a browser's
 * side of a subscription: its P-256 key pair and auth secret, and RFC 8291 decryption written
 * out here with node:crypto, so the test checks the server's encryption independently.
 */
export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export async function startPushService() {
  const received: ReceivedPush[] = [];
  const waiters = new Set<() => void>();
  /** Paths answered 410 Gone (an expired subscription). */
  const gone = new Set<string>();
  /** Paths answered 303 See Other to a location (a push service trying to steer the server). */
  const redirect = new Map<string, string>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      const to = redirect.get(req.url ?? '');
      res.statusCode = to ? 303 : gone.has(req.url ?? '') ? 410 : 201;
      if (to) res.setHeader('location', to);
      res.end();
      for (const w of waiters) w();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    received,
    gone,
    redirect,
    /** The next push to `path` from now on (or already received beyond `after`). */
    next(path: string, after = received.length, timeoutMs = 5000): Promise<ReceivedPush> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no push to ${path} within ${timeoutMs} ms`));
        }, timeoutMs);
        function check() {
          const hit = received.slice(after).find((r) => r.path === path);
          if (!hit) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(hit);
        }
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const b64url = (b: Buffer) => b.toString('base64url');

export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    keys: { p256dh: b64url(publicKey), auth: b64url(auth) },
    /** RFC 8291 + RFC 8188 (aes128gcm, one record): the plaintext of a push body. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLen = body.readUInt8(20);
      const senderKey = body.subarray(21, 21 + idLen);
      const ciphertext = body.subarray(21 + idLen);
      const secret = ecdh.computeSecret(senderKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, senderKey]);
      const ikm = Buffer.from(hkdfSync('sha256', secret, auth, keyInfo, 32));
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
      const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 0x02 followed by zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end--;
      if (padded[end] !== 2) throw new Error('bad padding delimiter');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}
