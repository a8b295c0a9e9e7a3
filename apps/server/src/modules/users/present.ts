import { createHmac } from 'node:crypto';
import { defaultUserSetting, type Role, type SelfInfo, type UserSetting } from '@parley/protocol';
import { pinyin } from 'pinyin-pro';
import type { UserRow } from './users.repo';

/** Pure presentation helpers for user rows (PROTOCOL §1.7, §2.4). */

export function absoluteUrl(origin: string, pathOrUrl: string, fallback: string): string {
  const v = pathOrUrl.trim() || fallback;
  if (/^https?:\/\//i.test(v)) return v;
  return `${origin}${v.startsWith('/') ? '' : '/'}${v}`;
}

export const avatarUrl = (origin: string, avatar: string): string =>
  absoluteUrl(origin, avatar, '/static/img/avatar.png');

/** Lower-case pinyin without spaces; non-Chinese text is kept as written (lower-cased). */
export function namePy(name: string): string {
  return pinyin(name, { toneType: 'none', type: 'array', nonZh: 'consecutive' })
    .join('')
    .replace(/\s+/g, '')
    .toLowerCase();
}

export function parseSetting(json: string): UserSetting {
  try {
    const v: unknown = JSON.parse(json);
    if (v && typeof v === 'object' && !Array.isArray(v)) return { ...defaultUserSetting, ...(v as object) };
  } catch {
    // fall through to defaults
  }
  return { ...defaultUserSetting };
}

/** First 3 chars + `******` + last 2 (§1.7). */
export function maskAccount(account: string): string {
  return `${account.slice(0, 3)}******${account.slice(-2)}`;
}

/** `a.b.*.*` for IPv4 (also IPv4-mapped IPv6); the first two groups for IPv6. */
export function maskIp(ip: string): string {
  if (!ip) return '';
  const v4 = ip.replace(/^::ffff:/i, '');
  const parts = v4.split('.');
  if (parts.length === 4) return `${parts[0]}.${parts[1]}.*.*`;
  const groups = ip.split(':').filter(Boolean);
  return `${groups.slice(0, 2).join(':')}:*:*`;
}

/**
 * The user code in QR links (`/scan/u/<code>`): the id plus an HMAC, so codes cannot be
 * enumerated; no expiry (§3.3). Verified by the scan endpoint of a later issue.
 */
export function signUserCode(secret: Uint8Array, userId: number): string {
  const mac = createHmac('sha256', secret).update(`user:${userId}`).digest('base64url').slice(0, 16);
  return `${userId.toString(36)}.${mac}`;
}

export function verifyUserCode(secret: Uint8Array, code: string): number | undefined {
  const id = parseInt(code.split('.')[0] ?? '', 36);
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  return signUserCode(secret, id) === code ? id : undefined;
}

export function toSelf(u: UserRow, origin: string, secret: Uint8Array): SelfInfo {
  return {
    id: u.id,
    user_id: u.id,
    account: u.account,
    realname: u.realname,
    displayName: u.realname,
    avatar: avatarUrl(origin, u.avatar),
    email: u.email,
    sex: u.sex,
    motto: u.motto,
    role: u.role as Role,
    status: u.status === 1 ? 1 : 0,
    is_auth: u.is_auth === 1 ? 1 : 0,
    email_auth: u.email_auth === 1 ? 1 : 0,
    name_py: u.name_py,
    cs_uid: u.cs_uid,
    friend_limit: u.friend_limit,
    group_limit: u.group_limit,
    last_login_time: u.last_login_time,
    last_login_ip: u.last_login_ip,
    qrUrl: `${origin}/scan/u/${signUserCode(secret, u.id)}`,
    setting: parseSetting(u.setting),
  };
}
