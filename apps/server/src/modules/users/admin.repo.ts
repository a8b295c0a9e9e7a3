import { Role } from '@parley/protocol';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';
import type { UserRow } from './users.repo';

/** The admin console's reads of user rows (PROTOCOL §12.3 `user/index`, dashboard counts). */

const SORTABLE = [
  'id',
  'account',
  'realname',
  'create_time',
  'last_login_time',
  'login_count',
  'role',
  'status',
] as const;
type Sortable = (typeof SORTABLE)[number];

/** Case-insensitive "contains" (both dialects: lower() on each side, LIKE without an escape clause). */
const likePattern = (kw: string): string => `%${kw.toLowerCase()}%`;

export interface UserListQuery {
  keywords: string;
  orderField: string;
  /** 1 ascending, else descending. */
  orderType: number;
  status?: number;
  role?: number;
  page: number;
  limit: number;
}

export async function listUsers(db: Kysely<DB>, q: UserListQuery): Promise<{ rows: UserRow[]; count: number }> {
  let base = db.selectFrom('users').where('delete_time', '=', 0);
  if (q.keywords) {
    const p = likePattern(q.keywords);
    base = base.where((eb) =>
      eb.or(
        (['account', 'realname', 'email', 'name_py'] as const).map((c) => eb(eb.fn('lower', [c]), 'like', eb.val(p))),
      ),
    );
  }
  if (q.status === 0 || q.status === 1) base = base.where('status', '=', q.status);
  if (q.role !== undefined && q.role >= Role.user && q.role <= Role.admin) base = base.where('role', '=', q.role);
  const field: Sortable = (SORTABLE as readonly string[]).includes(q.orderField) ? (q.orderField as Sortable) : 'id';
  const dir = q.orderType === 1 ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy(field, dir)
      .orderBy('id', dir)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(count.n) };
}

export async function countLiveUsers(db: Kysely<DB>): Promise<number> {
  const r = await db
    .selectFrom('users')
    .where('delete_time', '=', 0)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Writes every live super-administrator row without changing it. On PostgreSQL that takes their
 * row locks till the transaction ends, so two demotions at once queue, and the second counts
 * after the first committed (READ COMMITTED reads afresh per statement); SQLite has one writer.
 */
export async function lockSuperAdmins(tx: Kysely<DB>): Promise<void> {
  await tx
    .updateTable('users')
    .set((eb) => ({ role: eb.ref('role') }))
    .where('role', '=', Role.superAdmin)
    .where('delete_time', '=', 0)
    .execute();
}

/** Live super-administrators other than `exceptId`. */
export async function countOtherSuperAdmins(tx: Kysely<DB>, exceptId: number): Promise<number> {
  const row = await tx
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', Role.superAdmin)
    .where('delete_time', '=', 0)
    .where('id', '!=', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
