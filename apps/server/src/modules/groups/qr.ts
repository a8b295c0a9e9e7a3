import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The group QR code (`/scan/g/<code>`, PROTOCOL §3.3): group, inviter and expiry plus an HMAC,
 * so a code cannot be forged or extended. Lower-case base-36 and hex only: the code survives
 * paths that were lower-cased on the way.
 */

const mac = (secret: Uint8Array, payload: string) =>
  createHmac('sha256', secret).update(`group:${payload}`).digest('hex').slice(0, 24);

export function signGroupCode(secret: Uint8Array, groupId: number, inviterId: number, expireSec: number): string {
  const payload = [groupId, inviterId, expireSec].map((n) => n.toString(36)).join('.');
  return `${payload}.${mac(secret, payload)}`;
}

export interface GroupCode {
  groupId: number;
  inviterId: number;
  expireSec: number;
}

/** The code's contents when the signature holds and it has not expired; else undefined. */
export function verifyGroupCode(secret: Uint8Array, code: string, nowSec: number): GroupCode | undefined {
  const parts = code.trim().toLowerCase().split('.');
  if (parts.length !== 4) return undefined;
  const [g, i, e, sig] = parts as [string, string, string, string];
  const expected = Buffer.from(mac(secret, `${g}.${i}.${e}`));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const [groupId, inviterId, expireSec] = [g, i, e].map((x) => parseInt(x, 36)) as [number, number, number];
  if (![groupId, inviterId, expireSec].every((n) => Number.isSafeInteger(n) && n > 0)) return undefined;
  return expireSec > nowSec ? { groupId, inviterId, expireSec } : undefined;
}
