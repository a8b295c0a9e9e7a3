import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('scrypt password hashes', () => {
  it('are stored as scrypt$16384$8$1$<16-byte salt>$<64-byte hash>', async () => {
    const stored = await hashPassword('secret1');
    const [alg, n, r, p, salt, hash] = stored.split('$');
    expect([alg, n, r, p]).toEqual(['scrypt', '16384', '8', '1']);
    expect(Buffer.from(salt ?? '', 'base64')).toHaveLength(16);
    expect(Buffer.from(hash ?? '', 'base64')).toHaveLength(64);
  });
  it('use a fresh salt each time and verify only the right password', async () => {
    const a = await hashPassword('secret1');
    const b = await hashPassword('secret1');
    expect(a).not.toBe(b);
    expect(await verifyPassword('secret1', a)).toBe(true);
    expect(await verifyPassword('secret2', a)).toBe(false);
    expect(await verifyPassword(' secret1', a)).toBe(false);
  });
  it('reject malformed stored values', async () => {
    expect(await verifyPassword('x', 'plain')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$16384$8$1$AA==$AA==')).toBe(false);
  });
});
