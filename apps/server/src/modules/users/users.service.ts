import {
  isAdmin,
  limits,
  toFlag,
  toInt,
  type SelfInfo,
  type SocketEventMap,
  type UserCard,
  type UserUpdatedEvent,
} from '@parley/protocol';
import type { Kysely } from 'kysely';
import { nowSeconds, type Clock } from '../../platform/clock';
import { expiryFrom } from '../../platform/cache-expiry';
import type { DB } from '../../platform/db/index';
import { AppError, badParam } from '../../platform/http/errors';
import type { ConfigService } from '../config/index';
import { avatarUrl, maskAccount, maskIp, namePy, parseSetting, toSelf } from './present';
import * as repo from './users.repo';
import type { UserPatch, UserRow } from './users.repo';
import { checkEmail, checkMotto, checkRealname, checkSex } from './rules';
import { faceRecipients, selfRecipients } from './recipients';
import type { OrgReads } from './org-reads';

export interface UsersDeps {
  db: Kysely<DB>;
  clock: Clock;
  config: ConfigService;
  /**
   * Who is in whose contact set, who is online, and my friend row: provided by the contacts and
   * realtime modules (injected, so users does not import them). Absent: self only, offline.
   */
  relations?: UserRelations;
  /** §18 department names for cards; absent: dep_name "". */
  orgReads?: OrgReads;
  /** Pushes after a change of profile or settings (§11.4 `updateUser`, `updateSelf`). */
  push?: <T extends 'updateSelf' | 'updateUser'>(userIds: number[], type: T, data: SocketEventMap[T]) => Promise<void>;
}

export interface UserRelations {
  inContactSet(viewerId: number, targetId: number): Promise<boolean>;
  online(userIds: number[]): Promise<Set<number>>;
  friend(viewerId: number, targetId: number): Promise<UserCard['friend']>;
  /** Contact set plus fellow group members: who sees my new name or avatar. */
  audience(userId: number): Promise<number[]>;
  /** Group option `profile` for a fellow member outside my contact set. */
  mayOpenCard(viewerId: number, targetId: number): Promise<boolean>;
}

const SWITCHES = ['isVoice', 'avatarCricle', 'hideMessageName', 'hideMessageTime'];
/** Request plumbing that may arrive next to the settings in the same body. */
const NOT_SETTINGS = new Set(['token', 'lang', 'client_id', 'sessionId', 'clientId', 'cid']);

export function createUsersService({ db, clock, config, relations, push, orgReads }: UsersDeps) {
  // Per-node cache of user rows (§2.2): at most userCacheMs old (spread, platform/cache-expiry.ts), dropped at once by this
  // node's own writes. Other nodes see a change within the cache lifetime.
  // A read that was out while a write dropped its row may hold the old row: `generation` keeps
  // it from becoming the cached one (as in config.service.ts and session-cache.ts).
  const cache = new Map<number, { row: UserRow; until: number }>();
  let generation = 0;

  const invalidate = (id: number) => {
    generation += 1;
    cache.delete(id);
  };

  async function get(id: number): Promise<UserRow | undefined> {
    const hit = cache.get(id);
    if (hit && clock.now() < hit.until) return hit.row;
    const gen = generation;
    const row = await repo.findById(db, id);
    if (gen !== generation) return row;
    if (row) cache.set(id, { row, until: expiryFrom(clock.now(), limits.userCacheMs) });
    else cache.delete(id);
    return row;
  }

  async function update(id: number, patch: UserPatch): Promise<void> {
    await repo.updateUser(db, id, { ...patch, update_time: nowSeconds(clock) });
    invalidate(id);
  }

  async function self(u: UserRow, origin: string): Promise<SelfInfo> {
    return toSelf(u, origin, await config.jwtSecret());
  }

  const isLive = (u: UserRow | undefined): u is UserRow => !!u && u.status === 1 && u.delete_time === 0;

  /**
   * After my row changed: my other devices get the new Self (settings followed at once), and
   * when my public face changed, everyone who shows it gets `updateUser`.
   */
  async function announce(id: number, origin: string, faceChanged: boolean): Promise<SelfInfo | undefined> {
    const row = await get(id);
    if (!row) return undefined;
    const me = await self(row, origin);
    if (!push) return me;
    await push(selfRecipients(id), 'updateSelf', me);
    if (faceChanged) {
      const face: UserUpdatedEvent = {
        user_id: id,
        realname: row.realname,
        avatar: me.avatar,
        motto: row.motto,
        sex: row.sex,
      };
      await push(faceRecipients(id, (await relations?.audience(id)) ?? []), 'updateUser', face);
    }
    return me;
  }

  return {
    get,
    invalidate,
    update,
    self,
    isLive,
    /** After a write made elsewhere (bindEmail): my other devices get the new Self. */
    announceSelf: (id: number, origin: string) => announce(id, origin, false),

    /** §3.2 getUserInfo: any active user; private fields only for the user's contact set. */
    async card(viewer: UserRow, targetId: number, origin: string, unknownPlace: string): Promise<UserCard> {
      const target = targetId === viewer.id ? viewer : await get(targetId);
      if (!isLive(target)) throw new AppError(400, 'contact.notFound');
      const { sysInfo, chatInfo } = await config.systemInfo();
      const isSelf = target.id === viewer.id;
      const inContactSet = isSelf || ((await relations?.inContactSet(viewer.id, target.id)) ?? false);
      const online = chatInfo.online !== 0 && ((await relations?.online([target.id]))?.has(target.id) ?? false);
      const friend = isSelf || !relations ? '' : await relations.friend(viewer.id, target.id);
      const depName =
        target.dep_id && orgReads ? (await orgReads.departmentNames(db, [target.dep_id])).get(target.dep_id) : '';
      return {
        id: target.id,
        user_id: target.id,
        account: inContactSet || isAdmin(viewer) ? target.account : maskAccount(target.account),
        realname: target.realname,
        // My remark name for them (§1.7), kept on my accepted friend row.
        displayName: (friend && friend.nickname) || target.realname,
        avatar: avatarUrl(origin, target.avatar),
        sex: target.sex,
        motto: target.motto,
        email: inContactSet ? target.email : '',
        name_py: target.name_py,
        // No IP-region database ships, so every known address is "unknown place".
        location: sysInfo.ipregion === 0 ? '' : unknownPlace,
        last_login_ip: isSelf ? target.last_login_ip : sysInfo.ipregion === 0 ? '' : maskIp(target.last_login_ip),
        is_online: online ? 1 : 0,
        friend,
        dep_id: target.dep_id,
        dep_name: depName ?? '',
        position: target.position,
      };
    },

    /**
     * getUserInfo of a fellow group member (§6.1 `profile`): refused when the groups we share
     * keep cards closed and we are not contacts. Search and QR scans do not pass here.
     */
    async assertMayOpenCard(viewer: UserRow, targetId: number): Promise<void> {
      if (targetId === viewer.id || isAdmin(viewer) || !relations) return;
      if (await relations.inContactSet(viewer.id, targetId)) return;
      if (!(await relations.mayOpenCard(viewer.id, targetId))) throw new AppError(400, 'group.profileClosed');
    },

    async updateInfo(
      viewer: UserRow,
      p: { realname?: string; email?: string; motto?: string; sex?: number },
      origin: string,
    ): Promise<SelfInfo> {
      const patch: UserPatch = {};
      if (p.realname !== undefined && p.realname !== viewer.realname) {
        const { sysInfo } = await config.systemInfo();
        if (sysInfo.runMode === 1 && sysInfo.diyName === 0) throw new AppError(400, 'account.nameLocked');
        checkRealname(p.realname);
        patch.realname = p.realname;
        patch.name_py = namePy(p.realname);
      }
      if (p.email !== undefined && p.email.toLowerCase() !== viewer.email.toLowerCase()) {
        checkEmail(p.email);
        // A verified e-mail signs in and resets the password: it moves only with codes (bindEmail).
        if (viewer.email_auth === 1) throw new AppError(400, 'account.emailBound');
        patch.email = p.email;
      }
      if (p.motto !== undefined) {
        checkMotto(p.motto);
        patch.motto = p.motto;
      }
      if (p.sex !== undefined) {
        checkSex(p.sex);
        patch.sex = p.sex;
      }
      if (Object.keys(patch).length === 0) return self(viewer, origin);
      await update(viewer.id, patch);
      const face = patch.realname !== undefined || patch.motto !== undefined || patch.sex !== undefined;
      return (await announce(viewer.id, origin, face)) ?? self(viewer, origin);
    },

    /** A new avatar (uploadAvatar, §5): stored, then shown live to whoever shows my face. */
    async setAvatar(viewer: UserRow, avatar: string, origin: string): Promise<void> {
      await update(viewer.id, { avatar });
      await announce(viewer.id, origin, true);
    },

    /** Merges the given keys into the stored settings (§2.4 `setting`), ≤ 4 KB in all. */
    async saveSetting(viewer: UserRow, input: Record<string, unknown>, origin: string): Promise<void> {
      const incoming: Record<string, unknown> = {};
      for (const [key, raw] of Object.entries(input)) {
        if (NOT_SETTINGS.has(key) || raw === undefined || raw === null) continue;
        if (key === 'sendKey') {
          const v = toInt(raw);
          if (v !== 1 && v !== 2) throw badParam('sendKey');
          incoming[key] = v;
        } else if (SWITCHES.includes(key)) {
          const v = toFlag(raw);
          if (v !== 0 && v !== 1) throw badParam(key);
          incoming[key] = v === 1;
        } else if (key === 'theme') {
          if (typeof raw !== 'string' && typeof raw !== 'number') throw badParam(key);
          incoming[key] = String(raw);
        } else {
          incoming[key] = raw;
        }
      }
      if (Object.keys(incoming).length === 0) throw new AppError(400, 'account.settingEmpty');
      const merged = { ...parseSetting(viewer.setting), ...incoming };
      const json = JSON.stringify(merged);
      if (Buffer.byteLength(json) > limits.userSettingBytes) throw new AppError(400, 'account.settingTooLarge');
      await update(viewer.id, { setting: json });
      await announce(viewer.id, origin, false);
    },

    /** Enable (1) or disable (0) an account; used by the admin area of a later issue and tests. */
    async setStatus(id: number, status: 0 | 1): Promise<void> {
      await update(id, { status });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
