import { randomBytes } from 'node:crypto';
import {
  defaultChatAutomation,
  defaultSsoSettings,
  defaultSystemInfo,
  issuerAllowed,
  OIDC_START_PATH,
  type ChatAutomation,
  type SsoButton,
  type SsoSettings,
  type SystemInfo,
} from '@parley/protocol';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock';
import type { DB } from '../../platform/db/index';
import * as repo from './config.repo';

/**
 * Operator settings stored in the database (shared by every node), read through a short
 * per-node cache. Stored sections are merged over the §12.1 defaults key by key, so a new
 * default appears without a migration.
 */

/** Release settings of §15, stored under `appVersion`. */
export interface AppVersionSettings {
  updateType: 'forcibly' | 'solicit' | 'silent';
  versionInfo: string;
  downloadUrl: { android: string; ios: string };
}

/** SMTP settings stored under `smtp` (admin UI later); SMTP_URL from the environment wins. */
export interface SmtpSettings {
  url: string;
  from?: string;
}

interface Snapshot {
  system: SystemInfo;
  automation: ChatAutomation;
  appVersion: AppVersionSettings;
  smtp: SmtpSettings | undefined;
  sso: SsoSettings;
  at: number;
  /**
   * The sections above as settled promises, handed out while the snapshot is fresh: a send reads
   * the settings about eight times, and an async read each time cost two promises and two
   * async frames apiece (docs/performance.md, issue 23, fourth pass).
   */
  ready: { system: Promise<SystemInfo>; automation: Promise<ChatAutomation> };
}

const NAMES = [
  'sysInfo',
  'chatInfo',
  'compass',
  'maps',
  'fileUpload',
  'demon_mode',
  'chatAutomation',
  'appVersion',
  'smtp',
  'sso',
];
const CACHE_MS = 5000;

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
function merge<T extends object>(base: T, stored: unknown): T {
  return isObj(stored) ? { ...base, ...stored } : { ...base };
}

/** §19 settings: each half merged over its defaults, so a new key appears without a migration. */
function ssoSettings(stored: unknown): SsoSettings {
  const s = isObj(stored) ? stored : {};
  return { oidc: merge(defaultSsoSettings.oidc, s.oidc), ldap: merge(defaultSsoSettings.ldap, s.ldap) };
}

/** The sign-in buttons of getSystemInfo (§19): OIDC when it is on and complete. */
function ssoButtons({ oidc }: SsoSettings): SsoButton[] {
  if (oidc.status !== 1 || !oidc.clientId || !issuerAllowed(oidc.issuer)) return [];
  return [{ kind: 'oidc', name: oidc.buttonText || new URL(oidc.issuer).hostname, url: OIDC_START_PATH }];
}

const defaultAppVersion: AppVersionSettings = {
  updateType: 'solicit',
  versionInfo: '',
  downloadUrl: { android: '', ios: '' },
};

export function createConfigService(db: Kysely<DB>, clock: Clock, configuredJwtSecret?: string) {
  let snapshot: Snapshot | undefined;
  /** Bumped by every set(): a read that was out meanwhile may hold the old value, and is not kept. */
  let generation = 0;
  let secret: Promise<Uint8Array> | undefined;

  const current = (): Snapshot | undefined => (snapshot && clock.now() - snapshot.at < CACHE_MS ? snapshot : undefined);

  /** The read in flight, shared by every caller of its generation. */
  let loading: { gen: number; snapshot: Promise<Snapshot> } | undefined;

  function load(): Promise<Snapshot> {
    const cached = current();
    if (cached) return Promise.resolve(cached);
    // One read at a time: when the snapshot lapses under load, every request until the first read
    // answers would read the table itself, each waiting in the pool behind the others (issue 41:
    // 380–630 reads in 20 s on each of two PostgreSQL nodes, against 28 on one).
    if (loading?.gen === generation) return loading.snapshot;
    const mine = { gen: generation, snapshot: read(generation) };
    loading = mine;
    const done = () => {
      if (loading === mine) loading = undefined;
    };
    mine.snapshot.then(done, done);
    return mine.snapshot;
  }

  async function read(gen: number): Promise<Snapshot> {
    const s = await repo.readAll(db, NAMES);
    const smtp = s.get('smtp');
    const sso = ssoSettings(s.get('sso'));
    const system: SystemInfo = {
      sso: ssoButtons(sso),
      sysInfo: merge(defaultSystemInfo.sysInfo, s.get('sysInfo')),
      chatInfo: merge(defaultSystemInfo.chatInfo, s.get('chatInfo')),
      compass: merge(defaultSystemInfo.compass, s.get('compass')),
      maps: merge(defaultSystemInfo.maps, s.get('maps')),
      fileUpload: merge(defaultSystemInfo.fileUpload, s.get('fileUpload')),
      demon_mode:
        typeof s.get('demon_mode') === 'boolean' ? (s.get('demon_mode') as boolean) : defaultSystemInfo.demon_mode,
    };
    const automation = merge(defaultChatAutomation, s.get('chatAutomation'));
    const fresh: Snapshot = {
      system,
      automation,
      appVersion: merge(defaultAppVersion, s.get('appVersion')),
      smtp: isObj(smtp) && typeof smtp.url === 'string' && smtp.url ? (smtp as unknown as SmtpSettings) : undefined,
      sso,
      at: clock.now(),
      ready: { system: Promise.resolve(system), automation: Promise.resolve(automation) },
    };
    if (gen === generation) snapshot = fresh;
    return fresh;
  }

  return {
    /** Full system settings including credentials; callers strip what a viewer may not see. */
    systemInfo: (): Promise<SystemInfo> => current()?.ready.system ?? load().then((s) => s.system),
    automation: (): Promise<ChatAutomation> => current()?.ready.automation ?? load().then((s) => s.automation),
    appVersion: async (): Promise<AppVersionSettings> => (await load()).appVersion,
    smtp: async (): Promise<SmtpSettings | undefined> => (await load()).smtp,
    /** §19 settings with their secrets; only the sso module and the admin's masked view read them. */
    sso: async (): Promise<SsoSettings> => (await load()).sso,

    /** One section exactly as stored (no defaults), e.g. to keep a masked password. */
    async raw(name: string): Promise<unknown> {
      return (await repo.readAll(db, [name])).get(name);
    },

    /** Stores one section (a name of §12.1 or the extras above) and drops this node's cache. */
    async set(name: string, value: unknown): Promise<void> {
      await repo.write(db, name, value);
      generation += 1;
      snapshot = undefined;
    },

    /**
     * HS256 key: PARLEY_JWT_SECRET, else 32 random bytes stored at first use, so every node
     * sharing the database signs and verifies with the same key.
     */
    jwtSecret(): Promise<Uint8Array> {
      secret ??= (async () => {
        if (configuredJwtSecret) return new TextEncoder().encode(configuredJwtSecret);
        const stored = await repo.writeOnce(db, 'jwtSecret', randomBytes(32).toString('base64'));
        if (typeof stored !== 'string') throw new Error('config.jwtSecret is not a string');
        return new Uint8Array(Buffer.from(stored, 'base64'));
      })();
      secret.catch(() => {
        secret = undefined;
      });
      return secret;
    },
  };
}

export type ConfigService = ReturnType<typeof createConfigService>;
