import { adminDate, defaultUserSetting, formatMsg, Role, type AdminUserRow, type Lang } from '@parley/protocol';
import type { Kysely } from 'kysely';
import { nowSeconds, type Clock } from '../../platform/clock';
import { isUniqueViolation, withTx, type DB } from '../../platform/db/index';
import type { Events } from '../../platform/events';
import { AppError, badParam } from '../../platform/http/errors';
import type { PresenceRegistry } from '../../platform/bus/index';
import { hashPassword, type Sessions } from '../auth/index';
import type { ConfigService } from '../config/index';
import { checkPosition, type Org } from '../org/index';
import {
  checkAccount,
  checkEmail,
  checkPassword,
  checkRealname,
  checkSex,
  namePy,
  usersAdminRepo,
  usersRepo,
  type UserPatch,
  type UserRow,
  type UsersService,
} from '../users/index';

export interface UsersAdminDeps {
  db: Kysely<DB>;
  clock: Clock;
  config: ConfigService;
  users: UsersService;
  sessions: Sessions;
  events: Events;
  presence: PresenceRegistry;
  /** §18: department checks and names, and the `orgChanged` announcement. */
  org: Org;
  /** Relations a deleted account leaves (groups and friends modules). */
  dropRelations: (userId: number) => Promise<void>;
}

/** Fields whose change the organization's readers see (tree counts, member rows). */
const ORG_FIELDS = ['dep_id', 'position', 'realname', 'avatar', 'status'] as const;

/** 4003: session revoked / account disabled (§11.1). */
const CLOSE_REVOKED = 4003;

export interface UserFields {
  account?: string;
  realname?: string;
  email?: string;
  sex?: number;
  remark?: string;
  friend_limit?: number;
  group_limit?: number;
  cs_uid?: number;
  role?: number;
  status?: 0 | 1;
  dep_id?: number | undefined;
  position?: string | undefined;
}

/**
 * `user/*` of PROTOCOL §12.3 with the role rules of §12.2: only the super-administrator gives
 * roles, and a super-administrator is edited only by themselves and never disabled or deleted.
 */
export function createUsersAdmin(deps: UsersAdminDeps) {
  const { db, clock, config, users, sessions, events } = deps;

  const isSuper = (u: UserRow) => u.role === Role.superAdmin;

  async function target(id: number): Promise<UserRow> {
    const u = await users.get(id);
    if (!u || u.delete_time !== 0) throw new AppError(400, 'common.notFound');
    return u;
  }

  /** A super-administrator is only edited by themselves. */
  function mayEdit(actor: UserRow, t: UserRow): void {
    if (isSuper(t) && t.id !== actor.id) throw new AppError(400, 'admin.protectedUser');
  }

  /** Every session of the user ends now, and its sockets close 4003 on every node. */
  async function signOut(userId: number): Promise<void> {
    await sessions.revoke({ userId, reason: 'admin' });
    await events.closeUsers([userId], CLOSE_REVOKED);
  }

  async function row(
    u: UserRow,
    origin: string,
    lang: Lang,
    online: Set<number>,
    depNames: Map<number, string>,
  ): Promise<AdminUserRow> {
    const { setting: _s, last_login_time, ...self } = await users.self(u, origin);
    const place = formatMsg('contact.unknownPlace', lang);
    return {
      ...self,
      remark: u.remark,
      location: u.last_login_ip ? place : '',
      reg_location: u.register_ip ? place : '',
      last_login_time: adminDate(last_login_time),
      create_time: adminDate(u.create_time),
      is_online: online.has(u.id) ? 1 : 0,
      dep_id: u.dep_id,
      dep_name: depNames.get(u.dep_id) ?? '',
      position: u.position,
    };
  }

  async function validate(actor: UserRow, f: UserFields, t?: UserRow): Promise<UserPatch> {
    const patch: UserPatch = {};
    if (f.account !== undefined && f.account !== t?.account) {
      checkAccount(f.account, (await config.systemInfo()).sysInfo.regauth);
      if (await usersRepo.accountTaken(db, f.account)) throw new AppError(400, 'account.exists');
      patch.account = f.account;
    }
    if (f.realname !== undefined) {
      checkRealname(f.realname);
      patch.realname = f.realname;
      patch.name_py = namePy(f.realname);
    }
    if (f.email !== undefined) {
      checkEmail(f.email);
      patch.email = f.email;
      // An address set by someone else is not proved by its owner (issue 42): it stops signing in.
      if (f.email.toLowerCase() !== (t?.email ?? '').toLowerCase()) patch.email_auth = 0;
    }
    if (f.sex !== undefined) {
      checkSex(f.sex);
      patch.sex = f.sex;
    }
    if (f.remark !== undefined) {
      if (f.remark.length > 255) throw badParam('remark');
      patch.remark = f.remark;
    }
    if (f.friend_limit !== undefined) patch.friend_limit = f.friend_limit;
    if (f.group_limit !== undefined) patch.group_limit = f.group_limit;
    if (f.cs_uid !== undefined) {
      if (f.cs_uid < 0 || (t && f.cs_uid === t.id)) throw badParam('cs_uid');
      if (f.cs_uid > 0 && !users.isLive(await users.get(f.cs_uid))) throw badParam('cs_uid');
      patch.cs_uid = f.cs_uid;
    }
    if (f.role !== undefined && f.role !== (t?.role ?? 0)) {
      if (!isSuper(actor)) throw new AppError(400, 'admin.superOnly');
      if (f.role < Role.user || f.role > Role.admin) throw badParam('role');
      if (t && isSuper(t)) throw new AppError(400, 'admin.protectedUser');
      patch.role = f.role;
    }
    if (f.dep_id !== undefined && f.dep_id !== (t?.dep_id ?? 0))
      patch.dep_id = await deps.org.checkDepartment(f.dep_id);
    if (f.position !== undefined) {
      const position = checkPosition(f.position);
      if (position !== (t?.position ?? '')) patch.position = position;
    }
    if (f.status !== undefined && f.status !== (t?.status ?? 1)) {
      if (t && isSuper(t) && f.status === 0) throw new AppError(400, 'admin.protectedUser');
      patch.status = f.status;
    }
    return patch;
  }

  async function onlineOf(ids: number[]): Promise<Set<number>> {
    return deps.presence.online(ids);
  }

  return {
    async list(q: usersAdminRepo.UserListQuery, origin: string, lang: Lang) {
      const { rows, count } = await usersAdminRepo.listUsers(db, q);
      const [online, names] = await Promise.all([
        onlineOf(rows.map((u) => u.id)),
        deps.org.names(rows.map((u) => u.dep_id)),
      ]);
      return { data: await Promise.all(rows.map((u) => row(u, origin, lang, online, names))), count };
    },

    async detail(id: number, origin: string, lang: Lang): Promise<AdminUserRow> {
      const u = await target(id);
      return row(u, origin, lang, await onlineOf([id]), await deps.org.names([u.dep_id]));
    },

    async add(
      actor: UserRow,
      f: UserFields & { account: string; password: string; realname?: string },
    ): Promise<number> {
      checkPassword(f.password);
      if (f.realname === undefined) throw badParam('realname');
      const patch = await validate(actor, f);
      const now = nowSeconds(clock);
      const passwordHash = await hashPassword(f.password);
      try {
        const id = await usersRepo.insertUser(db, {
          account: f.account,
          realname: f.realname,
          name_py: namePy(f.realname),
          password_hash: passwordHash,
          setting: JSON.stringify(defaultUserSetting),
          create_time: now,
          update_time: now,
          ...patch,
        });
        // A new person is a new member of the company's tree (its counts, "no department").
        await deps.org.announce();
        return id;
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(400, 'account.exists');
        throw err;
      }
    },

    /** Returns what changed (for the audit log). */
    async edit(actor: UserRow, id: number, f: UserFields): Promise<string[]> {
      const t = await target(id);
      mayEdit(actor, t);
      const patch = await validate(actor, f, t);
      const changed = Object.keys(patch);
      if (changed.length === 0) return [];
      await users.update(id, patch);
      if (patch.status === 0 || patch.account !== undefined) await signOut(id);
      if (ORG_FIELDS.some((k) => k in patch)) await deps.org.announce();
      return changed;
    },

    async setStatus(id: number, status: 0 | 1): Promise<void> {
      const t = await target(id);
      if (isSuper(t)) throw new AppError(400, 'admin.protectedUser');
      await users.update(id, { status });
      if (status === 0) await signOut(id);
      await deps.org.announce();
    },

    /**
     * Returns the role the user had (for the audit log). A super-administrator may demote
     * another one, or themselves, but never the last one: counted under lock, so two demotions
     * at once cannot leave none (issue 36 #3).
     */
    async setRole(actor: UserRow, id: number, role: number): Promise<number> {
      if (!isSuper(actor)) throw new AppError(400, 'admin.superOnly');
      if (role < Role.user || role > Role.admin) throw badParam('role');
      const t = await target(id);
      if (!isSuper(t) || role === Role.superAdmin) {
        await users.update(id, { role });
        return t.role;
      }
      await withTx(db, async (tx, onCommit) => {
        await usersAdminRepo.lockSuperAdmins(tx);
        if ((await usersAdminRepo.countOtherSuperAdmins(tx, id)) === 0) throw new AppError(400, 'admin.lastSuper');
        await usersRepo.updateUser(tx, id, { role, update_time: nowSeconds(clock) });
        onCommit(() => users.invalidate(id));
      });
      return t.role;
    },

    async editPassword(actor: UserRow, id: number, password: string): Promise<void> {
      const t = await target(id);
      mayEdit(actor, t);
      checkPassword(password);
      await users.update(id, { password_hash: await hashPassword(password) });
      await signOut(id);
    },

    async del(actor: UserRow, id: number): Promise<void> {
      const t = await target(id);
      if (isSuper(t) || t.id === actor.id) throw new AppError(400, 'admin.protectedUser');
      await users.update(id, { delete_time: nowSeconds(clock) });
      await deps.dropRelations(id);
      await signOut(id);
      await deps.org.announce();
    },

    count: () => usersAdminRepo.countLiveUsers(db),
  };
}
export type UsersAdmin = ReturnType<typeof createUsersAdmin>;
