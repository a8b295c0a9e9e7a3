import { formatMsg, type ContactCardExtends, type Lang, type LocationExtends } from '@parley/protocol';
import { AppError, badParam } from '../../platform/http/errors';
import { avatarUrl, type UserRow } from '../users/index';

/**
 * `location` and `contact` messages (PROTOCOL §4.2; rules in the protocol package's
 * `LocationExtends` / `ContactCardExtends`). The server writes their content, escaped plain
 * text in the sender's language, so every list shows it as is.
 */

const NAME_MAX = 100;
const ADDRESS_MAX = 255;

const escapePlain = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** A number, or a numeric string as form bodies send it. */
function coordinate(v: unknown, limit: number, name: string): number {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < -limit || n > limit) throw badParam(`extends.${name}`);
  return n;
}

function label(v: unknown, max: number, name: string): string {
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string' && typeof v !== 'number') throw badParam(`extends.${name}`);
  const s = String(v).trim();
  if (s.length > max) throw badParam(`extends.${name}`);
  return s;
}

export function prepareLocation(ext: Record<string, unknown> | undefined, lang: Lang) {
  if (!ext) throw badParam('extends');
  const place: LocationExtends = {
    name: label(ext.name, NAME_MAX, 'name'),
    address: label(ext.address, ADDRESS_MAX, 'address'),
    latitude: coordinate(ext.latitude, 90, 'latitude'),
    longitude: coordinate(ext.longitude, 180, 'longitude'),
  };
  const shown = place.name || place.address;
  if (!shown) throw badParam('extends.name');
  return { content: formatMsg('chat.locationText', lang, { name: escapePlain(shown) }), extends: { ...place } };
}

/** The id a client names in a contact card's extends (`id`, or `user_id`), if it is one. */
export function cardUserId(ext: Record<string, unknown> | undefined): number | undefined {
  const raw = ext?.id ?? ext?.user_id;
  const n = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : raw;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 ? n : undefined;
}

/** Fresh card fields of the shared user; `contact.notFound` unless active and not deleted. */
export function cardOf(user: UserRow | undefined, origin: string): ContactCardExtends {
  if (!user || user.status !== 1 || user.delete_time !== 0) throw new AppError(400, 'contact.notFound');
  return { id: user.id, displayName: user.realname, avatar: avatarUrl(origin, user.avatar) };
}

/** Content of a card already refreshed by `cardOf`; anything else is refused. */
export function prepareContact(ext: Record<string, unknown> | undefined, lang: Lang) {
  const id = cardUserId(ext);
  const name = typeof ext?.displayName === 'string' ? ext.displayName : '';
  if (!id || !name || typeof ext?.avatar !== 'string') throw new AppError(400, 'contact.notFound');
  const card: ContactCardExtends = { id, displayName: name, avatar: ext.avatar };
  return { content: formatMsg('chat.contactText', lang, { name: escapePlain(name) }), extends: { ...card } };
}
