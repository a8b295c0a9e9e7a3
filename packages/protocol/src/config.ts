import type { SsoButton } from './sso';

/**
 * Global configuration returned by `/common/pub/getSystemInfo` (PROTOCOL §12.1). Switches and
 * numbers are JSON numbers on the wire, text is strings. Defaults are those of §12.1; where the
 * spec's "defaults" (spec §3) disagree, the protocol wins because it is the wire contract.
 */
export interface SysInfo {
  name: string;
  description: string;
  logo: string;
  regtype: 1 | 2;
  regauth: 0 | 1 | 2 | 3;
  registerInterval: number;
  runMode: 1 | 2;
  ipregion: 0 | 1;
  multipleLogin: 0 | 1;
  diyName: 0 | 1;
  state: 0 | 1;
  closeTips: string;
}

export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

export interface ChatInfo {
  simpleChat: 0 | 1;
  groupChat: 0 | 1;
  online: 0 | 1;
  webrtc: 0 | 1;
  dbDelMsg: 0 | 1;
  /** §17 (Parley extension): read lists in groups; 0 turns them off installation-wide. */
  readList: 0 | 1;
  groupUserMax: number;
  sendInterval: number;
  redoTime: number;
  msgClear: 0 | 1;
  msgClearDay: number;
  stun: string;
  stunUser: string;
  stunPass: string;
  iceServers: IceServer[];
  /**
   * `chatInfo.turn` (§10.4): present only in the getSystemInfo of a signed-in system admin, with
   * `secret` shown as `******` (or "" when none is stored); everyone else never sees the key.
   */
  turn?: TurnSettings;
}

/**
 * TURN servers sharing a secret with Parley (§10.4, coturn's `use-auth-secret`). `urls` are
 * `turn:`/`turns:` (and optionally `stun:`) URLs of those servers; `ttl` is how long a minted
 * credential stays valid, in seconds (60 to 604800, default 86400).
 */
export interface TurnSettings {
  status: 0 | 1;
  urls: string[];
  secret: string;
  ttl: number;
}

export const defaultTurn: TurnSettings = { status: 0, urls: [], secret: '', ttl: 86_400 };

export interface CompassItem {
  icon: string;
  name: string;
  type: 1 | 2;
  url: string;
  order: number;
  status: 0 | 1;
}

export interface CompassInfo {
  status: 0 | 1;
  mode: 1 | 2;
  list: CompassItem[];
}

export interface FileUploadInfo {
  /** Max upload size in MB (2^20 bytes). */
  size: number;
  preview: string;
  fileExt: string[];
}

/**
 * Maps provider (issue 5; a Parley extension of §12.1, ignored by compatible clients): URL
 * templates set by the administrator, each "" = not configured (clients then hide the map and
 * place search and share coordinates only). Every non-empty value is an absolute http(s) URL
 * whose `{name}` placeholders the client fills in (URL-encoded):
 * - `tileUrl`: raster tiles, must hold `{z}`, `{x}` and `{y}` (`{s}` subdomain a/b/c optional),
 *   e.g. `https://tile.openstreetmap.org/{z}/{x}/{y}.png`;
 * - `searchUrl`: place search answering JSON, must hold `{q}`; `{lat}` `{lng}` (the map centre)
 *   optional, e.g. `https://nominatim.openstreetmap.org/search?format=jsonv2&limit=20&q={q}`;
 * - `reverseUrl`: coordinates → address, must hold `{lat}` and `{lng}`, e.g.
 *   `https://nominatim.openstreetmap.org/reverse?format=jsonv2&lat={lat}&lon={lng}`;
 * - `ipLocationUrl`: the caller's approximate position when the device has no geolocation;
 *   no placeholder needed (the provider sees the browser's address).
 * Optional placeholders the Parley web client fills so its nearby list can page (spec §9):
 * `{radius}` metres (5000 around the map centre, 50000 with a keyword; a search template
 * without it is used for keywords only), `{limit}` (20), `{page}` (1-based), `{offset}`.
 * The response formats are Nominatim's (`[{lat, lon, display_name, name}]` / `{lat, lon,
 * display_name}`); the IP service answers `{latitude, longitude}` or `{lat, lon}`.
 * Set through `/manage/config/setConfig` name `maps` (then `updateConfig` to everyone).
 */
export interface MapsInfo {
  tileUrl: string;
  searchUrl: string;
  reverseUrl: string;
  ipLocationUrl: string;
}

export interface SystemInfo {
  sysInfo: SysInfo;
  /** §19 sign-in buttons (`[]` when single sign-on is off); built from the admin's `sso` section. */
  sso: SsoButton[];
  chatInfo: ChatInfo;
  compass: CompassInfo;
  fileUpload: FileUploadInfo;
  maps: MapsInfo;
  demon_mode: boolean;
}

/**
 * Admin-only chat keys (§12.1), stored apart from `chatInfo` and never sent by getSystemInfo
 * (except `turn`, masked, to system admins).
 */
export interface ChatAutomation {
  autoAddUser: { status: 0 | 1; user_ids: number[]; welcome: string };
  autoAddGroup: { status: 0 | 1; name: string; owner_uid: number; userMax: number };
  turn: TurnSettings;
}

/** Upload categories (PROTOCOL §5). */
export const fileCategories = {
  1: ['ppt', 'pptx', 'doc', 'docx', 'xls', 'xlsx', 'pdf', 'txt', 'md'],
  2: ['jpg', 'jpeg', 'png', 'bmp', 'gif', 'webp', 'ico'],
  3: ['mp3', 'wav', 'wmv', 'amr', 'm4a', 'aac', 'ogg'],
  4: ['mp4', '3gp', 'avi', 'm2v', 'mkv', 'mov', 'webm'],
} as const;

export const defaultSystemInfo: SystemInfo = {
  sso: [],
  sysInfo: {
    name: 'Parley',
    description: '',
    logo: '',
    regtype: 1,
    regauth: 0,
    registerInterval: 0,
    runMode: 2,
    ipregion: 1,
    multipleLogin: 0,
    diyName: 1,
    state: 1,
    closeTips: '',
  },
  chatInfo: {
    simpleChat: 1,
    groupChat: 1,
    online: 1,
    webrtc: 1,
    dbDelMsg: 1,
    readList: 1,
    groupUserMax: 0,
    sendInterval: 0,
    redoTime: 86_400,
    msgClear: 0,
    msgClearDay: 30,
    stun: '',
    stunUser: '',
    stunPass: '',
    iceServers: [],
  },
  compass: { status: 0, mode: 1, list: [] },
  maps: { tileUrl: '', searchUrl: '', reverseUrl: '', ipLocationUrl: '' },
  fileUpload: { size: 50, preview: '', fileExt: [...Object.values(fileCategories).flat(), 'zip', 'rar', '7z', 'csv'] },
  demon_mode: false,
};

export const defaultChatAutomation: ChatAutomation = {
  autoAddUser: { status: 0, user_ids: [], welcome: '' },
  autoAddGroup: { status: 0, name: '', owner_uid: 0, userMax: 0 },
  turn: defaultTurn,
};

/** `/common/pub/checkVersion` answer (PROTOCOL §15). */
export interface VersionInfo {
  versionName: string;
  versionCode: number;
  updateType: 'forcibly' | 'solicit' | 'silent';
  versionInfo: string;
  downloadUrl: string;
}
