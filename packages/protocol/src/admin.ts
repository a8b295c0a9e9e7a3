import { z } from 'zod';
import { item, t } from './coerce';
import { ssoPatch } from './sso';

/**
 * Administration (PROTOCOL §12.2–§12.3). Config sections are validated field by field; a
 * `setConfig` value is merged over what is stored, so an admin screen may send only the keys it
 * edits. Switches accept the loose flag forms ("0"/"1", booleans) admin UIs send.
 */

const flag = () => t.flag.opt();
const nonNeg = () =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), t.int.opt().pipe(z.number().int().min(0).optional()));
/**
 * An optional text setting. Unlike request params (§1.2, where "" is absent), "" is kept so an
 * administrator can clear a value (closing tips, logo, STUN user…); null still means "unchanged".
 */
const text = (max: number) =>
  z.preprocess(
    (v) => (v === null ? undefined : typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z.string().max(max).optional(),
  );
/** A text setting that may not be blank (the site name): "" leaves it unchanged. */
const name = (max: number) => t.str.opt().pipe(z.string().max(max).optional());

export const sysInfoPatch = z.object({
  name: name(64),
  description: text(255),
  logo: text(512),
  regtype: t.int.opt().pipe(z.union([z.literal(1), z.literal(2)]).optional()),
  regauth: t.int.opt().pipe(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).optional()),
  registerInterval: nonNeg(),
  runMode: t.int.opt().pipe(z.union([z.literal(1), z.literal(2)]).optional()),
  ipregion: flag(),
  multipleLogin: flag(),
  diyName: flag(),
  state: flag(),
  closeTips: text(255),
});

const iceServer = z.object({
  urls: z.union([z.string().min(1), z.array(z.string().min(1))]),
  username: z.string().optional(),
  credential: z.string().optional(),
});

/** A TURN/STUN server URL of §10.4 (RFC 7064/7065 form, optional `?transport=udp|tcp`). */
export const TURN_URL_RE =
  /^(?:stun|stuns|turn|turns):(?:\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?(?:\?transport=(?:udp|tcp))?$/i;

/**
 * `chatInfo.turn` (§10.4). `urls` also accepts a comma-separated string; `secret` `******` (the
 * masked value the admin screens show) keeps the stored one; `status` 1 needs at least one
 * `turn:`/`turns:` URL and a secret (else `common.badParam` `value.turn.urls` / `value.turn.secret`,
 * checked by the server against the merged result).
 */
export const turnPatch = z.object({
  status: flag(),
  urls: t.list(z.string().trim().max(512).regex(TURN_URL_RE)).opt().pipe(z.array(z.string()).max(10).optional()),
  secret: z.preprocess((v) => (v === null ? undefined : v), z.string().max(255).optional()),
  ttl: t.int.opt().pipe(z.number().int().min(60).max(604_800).optional()),
});

export const chatInfoPatch = z.object({
  simpleChat: flag(),
  groupChat: flag(),
  online: flag(),
  webrtc: flag(),
  dbDelMsg: flag(),
  readList: flag(),
  groupUserMax: nonNeg(),
  sendInterval: nonNeg(),
  redoTime: nonNeg(),
  msgClear: flag(),
  msgClearDay: nonNeg(),
  stun: text(512),
  stunUser: text(255),
  stunPass: text(255),
  iceServers: t.obj.opt().or(z.array(iceServer).optional()).pipe(z.array(iceServer).max(20).optional()),
  autoAddUser: z.object({ status: flag(), user_ids: t.list(item.uid).opt(), welcome: text(2048) }).optional(),
  autoAddGroup: z.object({ status: flag(), name: text(32), owner_uid: t.int.opt(), userMax: nonNeg() }).optional(),
  turn: turnPatch.optional(),
});

export const fileUploadPatch = z.object({
  size: t.int.opt().pipe(z.number().int().min(1).max(4096).optional()),
  preview: text(512),
  fileExt: t.list(z.string().regex(/^[a-z0-9]{1,10}$/i)).opt(),
});

/** Where a Discover item may lead: an app path (type 1, `/pages/…`) or a web page (type 2, http or https only). */
export const compassUrlValid = (type: 1 | 2, url: string): boolean =>
  type === 1 ? /^\/[^/]/.test(url) : /^https?:\/\/[^\s/]/i.test(url);

export const compassPatch = z.object({
  status: flag(),
  mode: t.int.opt().pipe(z.union([z.literal(1), z.literal(2)]).optional()),
  list: z
    .array(
      z
        .object({
          icon: z.string().max(512),
          name: z.string().min(1).max(32),
          type: z.union([z.literal(1), z.literal(2)]),
          url: z.string().max(1024),
          order: z.number().int(),
          status: z.union([z.literal(0), z.literal(1)]),
        })
        .refine((i) => compassUrlValid(i.type, i.url), { path: ['url'] }),
    )
    .max(100)
    .optional(),
});

/**
 * A maps URL template (config.ts `MapsInfo`): "" (not configured) or an absolute http(s) URL of at
 * most 1024 chars, without spaces, holding every placeholder in `needs`. Unlike other text
 * fields, "" is kept (not read as absent) so an administrator can switch a service off again.
 */
const mapsUrl = (needs: string[]) =>
  z
    .preprocess((v) => (v === null ? undefined : typeof v === 'string' ? v.trim() : v), z.string().max(1024).optional())
    .refine(
      (v) => {
        if (!v) return true;
        return /^https?:\/\/[a-z0-9.\-{}[\]:@]+(?:[/?#]\S*)?$/i.test(v) && needs.every((p) => v.includes(`{${p}}`));
      },
      { message: 'url' },
    );

export const mapsPatch = z.object({
  tileUrl: mapsUrl(['z', 'x', 'y']),
  searchUrl: mapsUrl(['q']),
  reverseUrl: mapsUrl(['lat', 'lng']),
  ipLocationUrl: mapsUrl([]),
});

export const smtpPatch = z.object({
  host: text(255),
  port: t.int.opt().pipe(z.number().int().min(1).max(65535).optional()),
  security: t.str.opt().pipe(z.enum(['ssl', 'tls', '']).optional()),
  addr: text(255),
  pass: z.string().max(255).optional(),
  sign: text(64),
});

export const configSections = {
  sysInfo: sysInfoPatch,
  chatInfo: chatInfoPatch,
  smtp: smtpPatch,
  fileUpload: fileUploadPatch,
  compass: compassPatch,
  maps: mapsPatch,
  /** §19; its secrets are masked like the SMTP password. */
  sso: ssoPatch,
} as const;
export type ConfigSectionName = keyof typeof configSections;
export const configSectionNames = Object.keys(configSections) as ConfigSectionName[];

export const setConfigParams = z.object({
  name: t.str.req().pipe(z.enum(['sysInfo', 'chatInfo', 'smtp', 'fileUpload', 'compass', 'maps', 'sso'])),
  value: t.obj.req(),
});
export const getConfigParams = z.object({
  name: t.str.req().pipe(z.enum(['sysInfo', 'chatInfo', 'smtp', 'fileUpload', 'compass', 'maps', 'sso'])),
});

/** Shown instead of the stored SMTP password and TURN secret; sending it back keeps the stored one. */
export const MASKED_PASSWORD = '******';

/** A row of `/manage/config/getAllConfig`: one section as `getInfo` shows it (SMTP password masked). */
export interface AdminConfigSection {
  id: number;
  name: ConfigSectionName;
  value: Record<string, unknown>;
}
