import type { zhHans } from '../i18n/zh-Hans';

/**
 * Every hash route of spec §2 — the only place that spells URL paths. Everything else links
 * with `href(name, query)`. Page parameters travel in the query string.
 */

/** Route names; the table below must give each exactly one entry. */
export const routeNames = [
  'home',
  'chat',
  'emoji',
  'contacts',
  'chatDetail',
  'chatRecord',
  'contactDetail',
  'newFriends',
  'searchFriends',
  'login',
  'register',
  'call',
  'video',
  'userSelection',
  'groupUser',
  'groupQrcode',
  'groupInfo',
  'groupList',
  'org',
  'search',
  'scan',
  'webview',
  'moments',
  'discover',
  'momentsPublish',
  'momentsNotices',
  'profile',
  'secure',
  'about',
  'setting',
  'networkCheck',
  'doc',
  'fileManager',
  'mine',
  'admin',
] as const;
export type RouteName = (typeof routeNames)[number];

export type RouteTitleKey = keyof (typeof zhHans)['routes'];

export interface RouteMeta {
  path: string;
  /** Other paths that open the same page (legacy and invite-link forms). */
  aliases?: readonly string[];
  title: RouteTitleKey;
  /** Reachable without a token (everything else redirects to login). */
  public?: boolean;
  /** Index in the bottom tab bar; only tab pages show it. */
  tab?: 0 | 1;
  /** Fixed back target instead of history (spec §2: the chat page goes home). */
  backTo?: RouteName;
}

export const routeTable = {
  home: { path: '/', aliases: ['/pages/index/index'], title: 'home', tab: 0 },
  chat: { path: '/pages/message/chat', title: 'chat', backTo: 'home' },
  emoji: { path: '/pages/message/emoji', title: 'emoji' },
  contacts: { path: '/pages/contacts/index', title: 'contacts', tab: 1 },
  chatDetail: { path: '/pages/message/detail', title: 'chatDetail' },
  chatRecord: { path: '/pages/message/record', title: 'chatRecord' },
  contactDetail: { path: '/pages/contacts/detail', title: 'contactDetail' },
  newFriends: { path: '/pages/contacts/friend', title: 'newFriends' },
  searchFriends: { path: '/pages/contacts/search', title: 'searchFriends' },
  login: { path: '/pages/login/index', title: 'login', public: true },
  register: { path: '/pages/login/register', aliases: ['/register'], title: 'register', public: true },
  call: { path: '/pages/message/call', title: 'call' },
  video: { path: '/pages/message/video', title: 'video' },
  userSelection: { path: '/pages/index/userSelection', title: 'userSelection' },
  groupUser: { path: '/pages/message/group/groupUser', title: 'groupUser' },
  groupQrcode: { path: '/pages/index/qrcode', title: 'groupQrcode' },
  groupInfo: { path: '/pages/message/group/info', title: 'groupInfo' },
  groupList: { path: '/pages/contacts/group', title: 'groupList' },
  /** Parley extension (PROTOCOL §18): one department of the organization, `?id=` (0 = the company). */
  org: { path: '/pages/contacts/org', title: 'org' },
  search: { path: '/pages/index/search', title: 'search' },
  scan: { path: '/pages/index/scan', title: 'scan' },
  webview: { path: '/pages/mine/webview', title: 'webview' },
  moments: { path: '/pages/compass/moments', title: 'moments' },
  // Parley additions beside spec §2's feed: the Discover list, publishing and notices.
  discover: { path: '/pages/compass/index', title: 'discover' },
  momentsPublish: { path: '/pages/compass/publish', title: 'momentsPublish' },
  momentsNotices: { path: '/pages/compass/notices', title: 'momentsNotices' },
  profile: { path: '/pages/mine/profile', title: 'profile' },
  secure: { path: '/pages/mine/secure', title: 'secure' },
  about: { path: '/pages/mine/about', title: 'about' },
  setting: { path: '/pages/mine/setting', title: 'setting' },
  /** Parley addition (issue 40): can this device reach the server, STUN and TURN. */
  networkCheck: { path: '/pages/mine/network', title: 'networkCheck' },
  doc: { path: '/pages/mine/doc', title: 'doc' },
  fileManager: { path: '/pages/mine/files', title: 'fileManager' },
  /** Me: reached from my avatar on home (phones keep two tabs) and from the desktop rail. */
  mine: { path: '/pages/mine/index', title: 'mine' },
  /** The admin console (administrators only); the section travels as `?tab=`. */
  admin: { path: '/pages/admin/index', title: 'admin' },
} as const satisfies Record<RouteName, RouteMeta>;

export type QueryValue = string | number | boolean | null | undefined;

/** In-app location of a route (what the router navigates to), with query parameters. */
export function href(name: RouteName, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null) params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${routeTable[name].path}?${qs}` : routeTable[name].path;
}

/** Route whose path or alias equals `pathname` (no query), if any. */
export function routeByPath(pathname: string): RouteName | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routeNames.find((n) => {
    const r: RouteMeta = routeTable[n];
    return r.path === clean || (r.aliases ?? []).includes(clean);
  });
}
