import {
  ContactKind,
  defaultGroupSetting,
  eventLineOf,
  fileMessageTypes,
  formatMsg,
  listSeparator,
  type Contact,
  type EventLine,
  type GroupSetting,
  type Lang,
} from '@parley/protocol';
import type { MessageRow, PrefRow } from '../../platform/db/schema-chat';
import { absoluteUrl, avatarUrl, maskAccount, maskIp, namePy, type ContactUserRow } from '../users/index';
import type { GroupRow } from './group-reads';
import { ADMIN_NOTICE, groupWireId } from './conversation';

/** Pure builders of the contact object (PROTOCOL §3.1) and of what a stored row reads as. */

export interface Viewer {
  id: number;
  lang: Lang;
  origin: string;
  /** `sysInfo.ipregion`: 0 hides places and other users' addresses. */
  ipregion: number;
}

export interface LastMessage {
  content: string;
  type: string;
  sendTime: number;
  /** Group rows: the reader's name for another member who sent a message (Contact.lastSenderName). */
  senderName?: string;
}

function indexLetter(py: string): string {
  const c = py.charAt(0).toUpperCase();
  return c >= 'A' && c <= 'Z' ? c : '#';
}

export function parseJsonObject(text: string): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function parseGroupSetting(text: string): GroupSetting {
  const out: GroupSetting = { ...defaultGroupSetting };
  for (const [k, v] of Object.entries(parseJsonObject(text) ?? {})) {
    if (typeof v === 'string' || typeof v === 'number') out[k] = String(v);
  }
  return out;
}

/**
 * What a row says to `viewerId`: recalled rows read as a recall line (by me / by the peer /
 * by name / by a manager), stickers as absolute URLs, everything else as stored.
 */
const FILE_TYPES = new Set<string>(fileMessageTypes);

export function visibleContent(
  row: MessageRow,
  viewerId: number,
  lang: Lang,
  origin: string,
  senderName: string,
): string {
  if (row.is_undo === 1) {
    const by = Number(parseJsonObject(row.extends)?.undoBy ?? row.from_user);
    if (by === viewerId) return formatMsg('chat.recalledByMe', lang);
    if (row.is_group !== ContactKind.group) return formatMsg('chat.recalledByPeer', lang);
    if (by === row.from_user) return formatMsg('chat.recalledByName', lang, { name: senderName });
    return formatMsg('chat.recalledByManager', lang);
  }
  // Keyed event lines read in the reader's language; older rows as stored.
  if (row.type === 'event') {
    const line = eventLineOf(row.extends);
    if (line) return renderEventLine(line, lang);
  }
  // Stickers and files are stored as paths (§4.2); readers get absolute URLs.
  if (row.type === 'emoji' || (row.file_id > 0 && FILE_TYPES.has(row.type)))
    return absoluteUrl(origin, row.content, row.content);
  return row.content;
}

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An event line (see protocol event-lines.ts) as stored `content` is: names escaped, lists joined. */
export function renderEventLine(line: EventLine, lang: Lang): string {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(line.params)) {
    params[name] = Array.isArray(value)
      ? value.map(escapeHtml).join(listSeparator(lang === 'en-us'))
      : escapeHtml(value);
  }
  return formatMsg(line.key, lang, params);
}

const prefFields = (pref: PrefRow | undefined) => ({
  is_top: (pref?.is_top === 1 ? 1 : 0) as 0 | 1,
  is_notice: (pref?.is_notice === 0 ? 0 : 1) as 0 | 1,
});

export interface PersonFacts {
  user: ContactUserRow;
  /** My remark name for them, '' for none. */
  remark: string;
  /** Full account and e-mail (self, contact set, system admins). */
  full: boolean;
  online: boolean;
  last: LastMessage | undefined;
  unread: number;
  pref: PrefRow | undefined;
  now: number;
  /** §18: the name of the user's department ("" for none). */
  depName: string;
}

export function personContact(v: Viewer, f: PersonFacts): Contact {
  const u = f.user;
  const displayName = f.remark || u.realname;
  const self = u.id === v.id;
  return {
    id: u.id,
    is_group: ContactKind.person,
    displayName,
    avatar: avatarUrl(v.origin, u.avatar),
    lastContent: f.last?.content ?? '',
    type: f.last?.type ?? '',
    lastSendTime: f.last?.sendTime ?? f.now,
    unread: f.unread,
    ...prefFields(f.pref),
    is_at: 0,
    is_online: f.online ? 1 : 0,
    index: indexLetter(f.remark ? namePy(f.remark) : u.name_py),
    setting: [],
    user_id: u.id,
    realname: u.realname,
    account: f.full ? u.account : maskAccount(u.account),
    name_py: u.name_py,
    email: f.full ? u.email : '',
    dep_id: u.dep_id,
    dep_name: f.depName,
    position: u.position,
    location: v.ipregion === 0 ? '' : formatMsg('contact.unknownPlace', v.lang),
    last_login_ip: self ? u.last_login_ip : v.ipregion === 0 ? '' : maskIp(u.last_login_ip),
  };
}

export interface GroupFacts {
  group: GroupRow;
  role: number;
  last: LastMessage | undefined;
  unread: number;
  mentions: number;
  pref: PrefRow | undefined;
  now: number;
}

export function groupContact(v: Viewer, f: GroupFacts): Contact {
  const g = f.group;
  const wireId = groupWireId(g.id);
  return {
    id: wireId,
    is_group: ContactKind.group,
    displayName: g.name,
    avatar: absoluteUrl(v.origin, g.avatar, '/static/img/group.png'),
    lastContent: f.last?.content ?? '',
    lastSenderName: f.last?.senderName ?? '',
    type: f.last?.type ?? '',
    lastSendTime: f.last?.sendTime ?? f.now,
    unread: f.unread,
    ...prefFields(f.pref),
    is_at: f.mentions,
    is_online: 1,
    index: `[2]${formatMsg('contact.groupIndex', v.lang)}`,
    setting: parseGroupSetting(g.setting),
    group_id: wireId,
    owner_id: g.owner_id,
    role: f.role,
    notice: g.notice,
    name_py: g.name_py,
    realname: g.name,
    account: wireId,
  };
}

const systemContact = (
  v: Viewer,
  id: number | string,
  isGroup: 2 | 3,
  nameKey: 'contact.notices' | 'contact.favourites',
  icon: string,
) => ({
  id,
  is_group: isGroup,
  displayName: formatMsg(nameKey, v.lang),
  avatar: `${v.origin}${icon}`,
  unread: 0,
  is_top: 0 as const,
  is_notice: 1 as const,
  is_at: 0,
  is_online: 1 as const,
  index: `[1]${formatMsg('contact.systemIndex', v.lang)}`,
  setting: [],
});

/** Notices and favourites without any row carry lastSendTime 0: no news, no time, listed last (protocol Contact). */
export function noticeContact(v: Viewer, count: number, newestMs: number | undefined): Contact {
  return {
    ...systemContact(v, ADMIN_NOTICE, 2, 'contact.notices', '/static/common/img/notice.png'),
    lastContent: formatMsg('contact.noticeCount', v.lang, { n: count }),
    type: 'text',
    lastSendTime: newestMs ?? 0,
  };
}

export function favouritesContact(v: Viewer, last: LastMessage | undefined): Contact {
  return {
    ...systemContact(v, -1, 3, 'contact.favourites', '/static/common/img/file_transfer.png'),
    lastContent: last?.content ?? formatMsg('contact.favouritesHint', v.lang),
    type: 'text',
    lastSendTime: last?.sendTime ?? 0,
  };
}
