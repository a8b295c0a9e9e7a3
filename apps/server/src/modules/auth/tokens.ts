import { randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { TerminalKind } from './terminal';

/** JWT HS256 with claims sub/jti/terminal/iat/exp and nothing else (PROTOCOL §2.1). */

export interface TokenClaims {
  userId: number;
  jti: string;
  terminal: TerminalKind;
  iat: number;
  exp: number;
}

export const newJti = (): string => randomBytes(16).toString('hex');

export async function signToken(secret: Uint8Array, c: TokenClaims): Promise<string> {
  return new SignJWT({ terminal: c.terminal })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(c.userId))
    .setJti(c.jti)
    .setIssuedAt(c.iat)
    .setExpirationTime(c.exp)
    .sign(secret);
}

export type VerifyResult = { ok: true; claims: TokenClaims } | { ok: false; reason: 'invalid' | 'expired' };

export async function verifyToken(secret: Uint8Array, jwt: string, nowMs: number): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(jwt, secret, {
      algorithms: ['HS256'],
      currentDate: new Date(nowMs),
      requiredClaims: ['sub', 'jti', 'iat', 'exp'],
    });
    const userId = Number(payload.sub);
    const terminal = payload.terminal;
    if (!Number.isSafeInteger(userId) || userId < 1) return { ok: false, reason: 'invalid' };
    if (terminal !== 'web' && terminal !== 'mobile') return { ok: false, reason: 'invalid' };
    if (typeof payload.jti !== 'string' || !/^[0-9a-f]{32}$/.test(payload.jti)) return { ok: false, reason: 'invalid' };
    return { ok: true, claims: { userId, jti: payload.jti, terminal, iat: payload.iat ?? 0, exp: payload.exp ?? 0 } };
  } catch (err) {
    if (err instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
}

/**
 * verifyToken with a memory of tokens whose signature already checked out. The HMAC check
 * through WebCrypto cost about a tenth of the server's time per request on the send path, and
 * a client sends the same token with every request. Only good tokens are remembered (bounded,
 * oldest dropped first), keyed by token and secret; expiry is checked on every call, and
 * revocation is the caller's business as before (the sessions table).
 */
export function cachedTokenVerifier(max = 10_000) {
  const good = new Map<string, { secret: Uint8Array; claims: TokenClaims }>();
  return async (secret: Uint8Array, jwt: string, nowMs: number): Promise<VerifyResult> => {
    const hit = good.get(jwt);
    if (hit && hit.secret === secret) {
      // jose's rule: expired once `exp` is not after the current second.
      return hit.claims.exp <= Math.floor(nowMs / 1000)
        ? { ok: false, reason: 'expired' }
        : { ok: true, claims: hit.claims };
    }
    const v = await verifyToken(secret, jwt, nowMs);
    if (v.ok) {
      good.delete(jwt);
      good.set(jwt, { secret, claims: v.claims });
      if (good.size > max) good.delete(good.keys().next().value as string);
    }
    return v;
  };
}
