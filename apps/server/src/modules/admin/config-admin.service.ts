import {
  configSectionNames,
  configSections,
  MASKED_PASSWORD,
  type ConfigSectionName,
  type SystemInfo,
  type TurnSettings,
} from '@parley/protocol';
import type { Events } from '../../platform/events';
import { badParam } from '../../platform/http/errors';
import { maskedTurn, publicSystemInfo, type ConfigService } from '../config/index';
import { maskedSso, mergeSso } from '../sso/index';

/** Switches shown as "0"/"1" strings, the form admin screens of compatible clients expect. */
const SWITCHES: Record<ConfigSectionName, string[]> = {
  sysInfo: ['ipregion', 'multipleLogin', 'diyName', 'state'],
  chatInfo: ['simpleChat', 'groupChat', 'online', 'webrtc', 'dbDelMsg', 'readList', 'msgClear'],
  compass: ['status'],
  maps: [],
  fileUpload: [],
  smtp: [],
  sso: [],
};

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function switchesAsStrings(name: ConfigSectionName, value: Record<string, unknown>): Record<string, unknown> {
  const out = { ...value };
  for (const k of SWITCHES[name]) if (typeof out[k] === 'number') out[k] = String(out[k]);
  return out;
}

function smtpUrl(s: Record<string, unknown>): string {
  const host = typeof s.host === 'string' ? s.host : '';
  if (!host) return '';
  const user = encodeURIComponent(String(s.addr ?? ''));
  const pass = encodeURIComponent(String(s.pass ?? ''));
  // A user name without a password would make the mailer attempt a login it cannot finish.
  const auth = user && pass ? `${user}:${pass}@` : '';
  return `smtp${s.security === 'ssl' ? 's' : ''}://${auth}${host}:${Number(s.port) || 25}`;
}

/** Reading and saving the admin config sections (PROTOCOL §12.3 `config/*`, plus `maps`). */
export function createConfigAdmin(deps: { config: ConfigService; events: Events }) {
  const { config, events } = deps;

  async function current(name: ConfigSectionName): Promise<Record<string, unknown>> {
    const info: SystemInfo = await config.systemInfo();
    switch (name) {
      case 'sysInfo':
        return { ...info.sysInfo };
      case 'chatInfo':
        return { ...info.chatInfo, ...(await config.automation()) };
      case 'fileUpload':
        return { ...info.fileUpload };
      case 'compass':
        return { ...info.compass };
      case 'maps':
        return { ...info.maps };
      case 'sso':
        return maskedSso(await config.sso());
      case 'smtp': {
        const raw = await config.raw('smtp');
        const stored = isObj(raw) ? raw : {};
        const { url: _url, from: _from, ...rest } = stored;
        return { host: '', port: 465, security: 'ssl', addr: '', pass: '', sign: '', ...rest };
      }
    }
  }

  async function shown(name: ConfigSectionName): Promise<Record<string, unknown>> {
    const value = switchesAsStrings(name, await current(name));
    if (name === 'smtp' && value.pass) value.pass = MASKED_PASSWORD;
    if (name === 'chatInfo' && isObj(value.turn)) value.turn = maskedTurn(value.turn as unknown as TurnSettings);
    return value;
  }

  return {
    async getAll() {
      return Promise.all(configSectionNames.map(async (name, i) => ({ id: i + 1, name, value: await shown(name) })));
    },
    get: shown,

    async set(name: ConfigSectionName, value: Record<string, unknown>): Promise<void> {
      const parsed = configSections[name].safeParse(value);
      if (!parsed.success) throw badParam(`value.${parsed.error.issues[0]?.path.join('.') ?? ''}`);
      const patch = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));
      if (name === 'sso') {
        await config.set('sso', mergeSso(await config.sso(), patch));
        // Everyone hears the public view, whose `sso` buttons may have changed.
        await events.publish({ everyone: true }, 'updateConfig', publicSystemInfo(await config.systemInfo(), false));
        return;
      }
      const merged = { ...(await current(name)), ...patch };

      if (name === 'chatInfo') {
        const { autoAddUser, autoAddGroup, turn, ...chat } = merged;
        const automation = await config.automation();
        const nextTurn = mergeTurn(automation.turn, isObj(turn) ? stripUndefined(turn) : {});
        await config.set('chatAutomation', {
          autoAddUser: { ...automation.autoAddUser, ...(isObj(autoAddUser) ? stripUndefined(autoAddUser) : {}) },
          autoAddGroup: { ...automation.autoAddGroup, ...(isObj(autoAddGroup) ? stripUndefined(autoAddGroup) : {}) },
          turn: nextTurn,
        });
        await config.set('chatInfo', chat);
      } else if (name === 'smtp') {
        const previous = await current('smtp');
        if (merged.pass === MASKED_PASSWORD) merged.pass = previous.pass;
        await config.set('smtp', { ...merged, url: smtpUrl(merged), from: merged.addr });
        return; // SMTP settings are nobody's business but the server's: no updateConfig.
      } else {
        await config.set(name, merged);
      }
      // Everyone hears the public view; signed-in clients re-read credentials with their token.
      await events.publish({ everyone: true }, 'updateConfig', publicSystemInfo(await config.systemInfo(), false));
    },
  };
}
export type ConfigAdmin = ReturnType<typeof createConfigAdmin>;

/**
 * The stored TURN settings with an admin's patch over them (§10.4): `******` keeps the stored
 * secret; switching relays on needs a `turn:`/`turns:` URL and a secret, checked before anything
 * is written.
 */
function mergeTurn(stored: TurnSettings, patch: Record<string, unknown>): TurnSettings {
  const next = { ...stored, ...patch } as TurnSettings;
  if (next.secret === MASKED_PASSWORD) next.secret = stored.secret;
  if (next.status === 1) {
    if (!next.urls.some((u) => /^turns?:/i.test(u))) throw badParam('value.turn.urls');
    if (!next.secret) throw badParam('value.turn.secret');
  }
  return next;
}

function stripUndefined(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}
