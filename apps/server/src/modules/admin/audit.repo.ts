import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';
import type { AdminAuditTable } from '../../platform/db/schema';

/** The audit log of admin actions (table `admin_audit`, migration 0010). */

export async function insert(db: Kysely<DB>, row: Insertable<AdminAuditTable>): Promise<void> {
  await db.insertInto('admin_audit').values(row).execute();
}

export async function list(db: Kysely<DB>, f: { action: string; actorId?: number }, offset: number, limit: number) {
  let q = db.selectFrom('admin_audit');
  if (f.action) q = q.where('action', '=', f.action);
  if (f.actorId) q = q.where('actor_id', '=', f.actorId);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(count.n) };
}
