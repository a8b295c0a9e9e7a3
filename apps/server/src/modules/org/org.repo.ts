import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../platform/db/index';
import type { DepartmentsTable } from '../../platform/db/schema';
import { containsText } from '../../platform/db/text-match';

/**
 * The departments table (§18) and the member reads of the organization. The member reads select
 * users (owned by the users module) in one statement with their department filter and paging;
 * writes of `users.dep_id` / `position` go through the users repo.
 */
export type DepartmentRow = Selectable<DepartmentsTable>;

export async function allDepartments(db: Kysely<DB>): Promise<DepartmentRow[]> {
  return db.selectFrom('departments').selectAll().execute();
}

export async function departmentById(db: Kysely<DB>, id: number): Promise<DepartmentRow | undefined> {
  return db.selectFrom('departments').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function childNamed(db: Kysely<DB>, parentId: number, name: string): Promise<DepartmentRow | undefined> {
  return db
    .selectFrom('departments')
    .selectAll()
    .where('parent_id', '=', parentId)
    .where('name', '=', name)
    .executeTakeFirst();
}

/** The next `sort` among a parent's children: after the last one. */
export async function nextSort(db: Kysely<DB>, parentId: number): Promise<number> {
  const row = await db
    .selectFrom('departments')
    .select((eb) => eb.fn.max('sort').as('s'))
    .where('parent_id', '=', parentId)
    .executeTakeFirst();
  return row?.s === null || row?.s === undefined ? 0 : Number(row.s) + 1;
}

export async function insertDepartment(
  db: Kysely<DB>,
  v: { name: string; parent_id: number; sort: number; time: number },
): Promise<number> {
  const row = await db
    .insertInto('departments')
    .values({ name: v.name, parent_id: v.parent_id, sort: v.sort, create_time: v.time, update_time: v.time })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts unless a sibling of that name exists (a concurrent import or sync made it): then nothing. */
export async function insertDepartmentIfAbsent(
  db: Kysely<DB>,
  v: { name: string; parent_id: number; sort: number; time: number },
): Promise<void> {
  await db
    .insertInto('departments')
    .values({ name: v.name, parent_id: v.parent_id, sort: v.sort, create_time: v.time, update_time: v.time })
    .onConflict((oc) => oc.columns(['parent_id', 'name']).doNothing())
    .execute();
}

export async function updateDepartment(
  db: Kysely<DB>,
  id: number,
  patch: { name?: string; parent_id?: number; sort?: number; update_time: number },
): Promise<void> {
  await db.updateTable('departments').set(patch).where('id', '=', id).execute();
}

export async function deleteDepartment(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('departments').where('id', '=', id).execute();
}

export async function hasChildren(db: Kysely<DB>, id: number): Promise<boolean> {
  const row = await db.selectFrom('departments').select('id').where('parent_id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export async function departmentNames(db: Kysely<DB>, ids: number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id) => id > 0))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('departments').select(['id', 'name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

// ---- people in departments (users rows, read here in one statement with the filter and paging)

/** Live users per department (`dep_id` 0 included): the tree's counts. */
export async function liveCountsByDepartment(db: Kysely<DB>): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('users')
    .select(['dep_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '=', 1)
    .where('delete_time', '=', 0)
    .groupBy('dep_id')
    .execute();
  return new Map(rows.map((r) => [r.dep_id, Number(r.n)]));
}

/** Live users (any) in one of `depIds`: a department still holding people cannot be deleted. */
export async function anyUserIn(db: Kysely<DB>, depId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('dep_id', '=', depId)
    .where('delete_time', '=', 0)
    .executeTakeFirst();
  return row !== undefined;
}

export interface MemberQuery {
  /** The departments whose people are listed (one, or a subtree); `[0]` = no department. */
  depIds: number[] | 'all';
  keywords: string;
  offset: number;
  limit: number;
}

export type MemberRow = Pick<
  Selectable<DB['users']>,
  'id' | 'realname' | 'account' | 'avatar' | 'dep_id' | 'position' | 'name_py'
>;

export async function members(db: Kysely<DB>, q: MemberQuery): Promise<{ rows: MemberRow[]; count: number }> {
  let base = db.selectFrom('users').where('status', '=', 1).where('delete_time', '=', 0);
  if (q.depIds !== 'all') base = base.where('dep_id', 'in', q.depIds);
  if (q.keywords) {
    const kw = q.keywords;
    base = base.where((eb) =>
      eb.or([
        containsText('realname', kw),
        containsText('account', kw),
        containsText('name_py', kw),
        containsText('position', kw),
      ]),
    );
  }
  const [rows, total] = await Promise.all([
    base
      .select(['id', 'realname', 'account', 'avatar', 'dep_id', 'position', 'name_py'])
      .orderBy('name_py')
      .orderBy('id')
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.n) };
}
