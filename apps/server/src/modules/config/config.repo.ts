import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';

/** The `config` table: name → JSON value. */

export async function readAll(db: Kysely<DB>, names: string[]): Promise<Map<string, unknown>> {
  const rows = await db.selectFrom('config').select(['name', 'value']).where('name', 'in', names).execute();
  const out = new Map<string, unknown>();
  for (const r of rows) {
    try {
      out.set(r.name, JSON.parse(r.value));
    } catch {
      // A hand-edited, broken value falls back to the default instead of breaking every request.
    }
  }
  return out;
}

export async function write(db: Kysely<DB>, name: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('config')
    .values({ name, value: json })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: json }))
    .execute();
}

/** Inserts unless present (another node may win the race), then returns the stored value. */
export async function writeOnce(db: Kysely<DB>, name: string, value: unknown): Promise<unknown> {
  await db
    .insertInto('config')
    .values({ name, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return (await readAll(db, [name])).get(name);
}
