import { isAdmin, limits, orgLimits, type Department, type OrgMember } from '@parley/protocol';
import type { Kysely } from 'kysely';
import { nowSeconds, type Clock } from '../../platform/clock';
import { isUniqueViolation, withTx, type DB, type OnCommit, type Tx } from '../../platform/db/index';
import type { Events } from '../../platform/events';
import { AppError, checkKeywords } from '../../platform/http/errors';
import type { ConfigService } from '../config/index';
import { avatarUrl, usersRepo, type UserRow, type UsersService } from '../users/index';
import * as repo from './org.repo';
import { buildTree, depthOf, heightOf, subtreeIds } from './tree';

export interface OrgDeps {
  db: Kysely<DB>;
  clock: Clock;
  config: ConfigService;
  users: UsersService;
  events: Events;
  online(ids: number[]): Promise<Set<number>>;
}

/** A transaction to join, with its commit hook (withTx's pair). */
export interface InTx {
  tx: Tx;
  onCommit: OnCommit;
}

/** A department name as stored: trimmed, 1–32 characters, no `/` (the import's path separator). */
export function departmentName(raw: string): string {
  const name = raw.trim();
  if (!name || [...name].length > orgLimits.nameMax || name.includes('/')) throw new AppError(400, 'org.badName');
  return name;
}

export function checkPosition(position: string): string {
  const p = position.trim();
  if ([...p].length > orgLimits.positionMax) throw new AppError(400, 'org.badPosition');
  return p;
}

/**
 * The organization of PROTOCOL §18: the tree with member counts, the members of a department,
 * the editor's rules (cycles, empty-only deletes, sibling names) and the two helpers CSV import
 * and directory sync share (`ensurePath`, `setUserOrg`). Every change is announced with one
 * `orgChanged` to every bound connection after its commit.
 */
export function createOrg(deps: OrgDeps) {
  const { db, clock, config, users, events } = deps;

  // Department names for contacts and message pushes (every push names its parties' departments):
  // a per-node copy of the few hundred names, at most userCacheMs old, dropped by this node's own
  // writes at once, as the user cache is (users.service.ts); other nodes see a rename within that time.
  let namesCache: { map: Map<number, string>; at: number } | undefined;
  let generation = 0;
  const dropNames = () => {
    generation += 1;
    namesCache = undefined;
  };
  async function names(ids: number[]): Promise<Map<number, string>> {
    if (!ids.some((id) => id > 0)) return new Map();
    let cached = namesCache;
    // A department created since (an import's batch announces at its end) is read at once.
    const stale = (c: typeof cached): c is undefined =>
      !c || clock.now() - c.at >= limits.userCacheMs || ids.some((id) => id > 0 && !c.map.has(id));
    if (stale(cached)) {
      const gen = generation;
      const map = new Map((await repo.allDepartments(db)).map((r) => [r.id, r.name]));
      cached = { map, at: clock.now() };
      if (gen === generation) namesCache = cached;
    }
    const out = new Map<number, string>();
    for (const id of ids) {
      const name = cached.map.get(id);
      if (name !== undefined) out.set(id, name);
    }
    return out;
  }

  async function assertVisible(viewer: UserRow): Promise<void> {
    if (isAdmin(viewer)) return;
    if ((await config.systemInfo()).sysInfo.runMode !== 1) throw new AppError(400, 'org.disabled');
  }

  async function existing(id: number, via: Kysely<DB> = db): Promise<repo.DepartmentRow> {
    const row = await repo.departmentById(via, id);
    if (!row) throw new AppError(400, 'org.notFound');
    return row;
  }

  /** 0 (no department) or a department that exists. */
  async function checkDepartment(depId: number, via: Kysely<DB> = db): Promise<number> {
    if (depId === 0) return 0;
    if (depId < 0) throw new AppError(400, 'org.notFound');
    await existing(depId, via);
    return depId;
  }

  /** `orgChanged` to every bound connection; call from onCommit (or after a committed batch). */
  function announce(): Promise<void> {
    dropNames();
    return events.publish({ allBound: true }, 'orgChanged', { version: clock.now() });
  }

  async function tree(): Promise<Department[]> {
    const [rows, counts] = await Promise.all([repo.allDepartments(db), repo.liveCountsByDepartment(db)]);
    return buildTree(rows, counts);
  }

  /** Find-or-create one level under `parentId` (a sibling of that name is reused). */
  async function ensureChild(tx: Tx, parentId: number, rawName: string): Promise<{ id: number; created: boolean }> {
    const name = departmentName(rawName);
    const found = await repo.childNamed(tx, parentId, name);
    if (found) return { id: found.id, created: false };
    const time = nowSeconds(clock);
    await repo.insertDepartmentIfAbsent(tx, {
      name,
      parent_id: parentId,
      sort: await repo.nextSort(tx, parentId),
      time,
    });
    const row = await repo.childNamed(tx, parentId, name);
    if (!row) throw new Error(`department ${name} under ${parentId} neither found nor created`);
    return { id: row.id, created: true };
  }

  return {
    announce,
    checkDepartment,

    /** §18 org/tree. */
    async tree(viewer: UserRow): Promise<Department[]> {
      await assertVisible(viewer);
      return tree();
    },

    /** The tree without the runMode check (the admin console). */
    wholeTree: tree,

    /** §18 org/members: one department (or its subtree), `dep_id` 0 = nobody's department. */
    async members(
      viewer: UserRow,
      q: { dep_id: number; recursive: 0 | 1; keywords: string; page: number; limit: number },
      origin: string,
    ): Promise<{ data: OrgMember[]; count: number; page: number }> {
      await assertVisible(viewer);
      checkKeywords(q.keywords);
      await checkDepartment(q.dep_id);
      const depIds: number[] | 'all' =
        q.dep_id === 0
          ? q.recursive
            ? 'all'
            : [0]
          : q.recursive
            ? subtreeIds(await repo.allDepartments(db), q.dep_id)
            : [q.dep_id];
      const page = Math.max(q.page, 1);
      const limit = Math.min(Math.max(q.limit, 1), orgLimits.membersPageMax);
      const { rows, count } = await repo.members(db, {
        depIds,
        keywords: q.keywords,
        offset: (page - 1) * limit,
        limit,
      });
      const { chatInfo } = await config.systemInfo();
      const [depNames, online] = await Promise.all([
        names(rows.map((r) => r.dep_id)),
        chatInfo.online === 0 || rows.length === 0 ? new Set<number>() : deps.online(rows.map((r) => r.id)),
      ]);
      return {
        data: rows.map((r) => ({
          user_id: r.id,
          realname: r.realname,
          displayName: r.realname,
          avatar: avatarUrl(origin, r.avatar),
          dep_id: r.dep_id,
          dep_name: depNames.get(r.dep_id) ?? '',
          position: r.position,
          is_online: online.has(r.id) ? 1 : 0,
        })),
        count,
        page,
      };
    },

    /** Names of departments by id (cards, contacts, admin rows); unknown ids are absent. */
    names,

    // ---- the editor (§18 /manage/org/*); the admin guard runs in the route

    async add(p: { name: string; parent_id: number; sort?: number | undefined }): Promise<Department> {
      const name = departmentName(p.name);
      return withTx(db, async (tx, onCommit) => {
        const parentId = await checkDepartment(p.parent_id, tx);
        if (parentId && depthOf(await repo.allDepartments(tx), parentId) >= orgLimits.depthMax) {
          throw new AppError(400, 'org.tooDeep', { max: orgLimits.depthMax });
        }
        if (await repo.childNamed(tx, parentId, name)) throw new AppError(400, 'org.nameTaken');
        const sort = p.sort ?? (await repo.nextSort(tx, parentId));
        const id = await repo.insertDepartment(tx, { name, parent_id: parentId, sort, time: nowSeconds(clock) });
        onCommit(announce);
        return { id, name, parent_id: parentId, sort, memberCount: 0, children: [] };
      }).catch(nameTaken);
    },

    /** Rename, move (never under itself or below itself: `org.cycle`) and reorder. */
    async edit(p: {
      id: number;
      name?: string | undefined;
      parent_id?: number | undefined;
      sort?: number | undefined;
    }) {
      const name = p.name === undefined ? undefined : departmentName(p.name);
      await withTx(db, async (tx, onCommit) => {
        const row = await existing(p.id, tx);
        const patch: { name?: string; parent_id?: number; sort?: number; update_time: number } = {
          update_time: nowSeconds(clock),
        };
        const parentId = p.parent_id ?? row.parent_id;
        if (parentId !== row.parent_id) {
          await checkDepartment(parentId, tx);
          const all = await repo.allDepartments(tx);
          if (subtreeIds(all, row.id).includes(parentId)) throw new AppError(400, 'org.cycle');
          if ((parentId ? depthOf(all, parentId) : 0) + heightOf(all, row.id) > orgLimits.depthMax) {
            throw new AppError(400, 'org.tooDeep', { max: orgLimits.depthMax });
          }
          patch.parent_id = parentId;
        }
        if (name !== undefined && name !== row.name) patch.name = name;
        if (patch.name !== undefined || patch.parent_id !== undefined) {
          const clash = await repo.childNamed(tx, parentId, patch.name ?? row.name);
          if (clash && clash.id !== row.id) throw new AppError(400, 'org.nameTaken');
        }
        if (p.sort !== undefined && p.sort !== row.sort) patch.sort = p.sort;
        if (Object.keys(patch).length === 1) return;
        await repo.updateDepartment(tx, row.id, patch);
        onCommit(announce);
      }).catch(nameTaken);
    },

    /** Only an empty department goes: no sub-departments, nobody in it (`org.notEmpty`). */
    async del(id: number): Promise<void> {
      await withTx(db, async (tx, onCommit) => {
        await existing(id, tx);
        if ((await repo.hasChildren(tx, id)) || (await repo.anyUserIn(tx, id))) throw new AppError(400, 'org.notEmpty');
        await repo.deleteDepartment(tx, id);
        onCommit(announce);
      });
    },

    /** Moves people (live accounts) into `depId` (0 = out of every department); answers how many moved. */
    async move(userIds: number[], depId: number): Promise<number> {
      const moved = await withTx(db, async (tx, onCommit) => {
        await checkDepartment(depId, tx);
        const people = (await usersRepo.byIds(tx, userIds)).values();
        let n = 0;
        for (const u of people) {
          if (u.delete_time !== 0 || u.dep_id === depId) continue;
          await usersRepo.updateUser(tx, u.id, { dep_id: depId, update_time: nowSeconds(clock) });
          onCommit(() => users.invalidate(u.id));
          n += 1;
        }
        if (n) onCommit(announce);
        return n;
      });
      return moved;
    },

    /**
     * For CSV import and directory sync: the department at `path` (e.g. `['研发部', '前端组']`),
     * created level by level where missing; `[]` = no department (0). Runs in the caller's
     * transaction when given (else its own). Pushes nothing: call `announce()` once after the batch.
     * Names are checked as `add` checks them (`org.badName`, `org.tooDeep`).
     */
    async ensurePath(path: string[], inTx?: InTx): Promise<{ id: number; created: number }> {
      if (path.length > orgLimits.depthMax) throw new AppError(400, 'org.tooDeep', { max: orgLimits.depthMax });
      const walk = async (tx: Tx) => {
        let parent = 0;
        let created = 0;
        for (const name of path) {
          const r = await ensureChild(tx, parent, name);
          parent = r.id;
          if (r.created) created += 1;
        }
        return { id: parent, created };
      };
      return inTx ? walk(inTx.tx) : withTx(db, walk);
    },

    /**
     * For CSV import and directory sync: sets a user's department and/or position (absent =
     * unchanged). `dep_id` must exist (`org.notFound`), a position is ≤ 32 characters. Runs in
     * the caller's transaction when given; the user cache is dropped after the commit. Pushes
     * nothing: call `announce()` once after the batch. Answers whether anything changed.
     */
    async setUserOrg(
      userId: number,
      f: { dep_id?: number | undefined; position?: string | undefined },
      inTx?: InTx,
    ): Promise<boolean> {
      const position = f.position === undefined ? undefined : checkPosition(f.position);
      const write = async (tx: Tx, onCommit: OnCommit) => {
        const u = await usersRepo.findById(tx, userId);
        if (!u || u.delete_time !== 0) throw new AppError(400, 'common.notFound');
        const patch: { dep_id?: number; position?: string } = {};
        if (f.dep_id !== undefined && f.dep_id !== u.dep_id) patch.dep_id = await checkDepartment(f.dep_id, tx);
        if (position !== undefined && position !== u.position) patch.position = position;
        if (Object.keys(patch).length === 0) return false;
        await usersRepo.updateUser(tx, userId, { ...patch, update_time: nowSeconds(clock) });
        onCommit(() => users.invalidate(userId));
        return true;
      };
      return inTx ? write(inTx.tx, inTx.onCommit) : withTx(db, write);
    },
  };
}

/** Two admins adding the same name at once: the unique index answers for the slower one. */
function nameTaken(err: unknown): never {
  if (isUniqueViolation(err)) throw new AppError(400, 'org.nameTaken');
  throw err;
}

export type Org = ReturnType<typeof createOrg>;
