import { describe, expect, it } from 'vitest';
import { cachedTokenVerifier, newJti, signToken, verifyToken } from './tokens';

const secret = new TextEncoder().encode('s'.repeat(32));
const claims = { userId: 7, jti: newJti(), terminal: 'web' as const, iat: 1_000, exp: 2_000 };

describe('cachedTokenVerifier', () => {
  it('answers a good token as verifyToken does, before and after remembering it', async () => {
    const jwt = await signToken(secret, claims);
    const verify = cachedTokenVerifier();
    for (let i = 0; i < 2; i++) expect(await verify(secret, jwt, 1_500_000)).toEqual({ ok: true, claims });
  });

  it('expires a remembered token on the same second as verifyToken does', async () => {
    const jwt = await signToken(secret, claims);
    const verify = cachedTokenVerifier();
    await verify(secret, jwt, 1_500_000);
    for (const now of [1_999_999, 2_000_000, 2_000_999]) {
      expect(await verify(secret, jwt, now)).toEqual(await verifyToken(secret, jwt, now));
    }
    expect(await verify(secret, jwt, 2_000_000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a remembered token under another secret, and never remembers a bad one', async () => {
    const jwt = await signToken(secret, claims);
    const verify = cachedTokenVerifier();
    await verify(secret, jwt, 1_500_000);
    expect(await verify(new TextEncoder().encode('t'.repeat(32)), jwt, 1_500_000)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    const forged = `${jwt.slice(0, -2)}xx`;
    for (let i = 0; i < 2; i++)
      expect(await verify(secret, forged, 1_500_000)).toEqual({ ok: false, reason: 'invalid' });
  });
});
