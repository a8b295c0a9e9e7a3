import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';

/** The admin console's reads of groups (PROTOCOL §12.3 `group/index`, dashboard counts). */

const SORTABLE = ['id', 'name', 'create_time', 'update_time', 'owner_id'] as const;

export async function listGroups(
  db: Kysely<DB>,
  q: { keywords: string; orderField: string; orderType: number; page: number; limit: number },
) {
  let base = db.selectFrom('groups as g');
  if (q.keywords) {
    const p = `%${q.keywords.toLowerCase()}%`;
    base = base.where((eb) =>
      eb.or([eb(eb.fn('lower', ['g.name']), 'like', p), eb(eb.fn('lower', ['g.name_py']), 'like', p)]),
    );
  }
  const field = (SORTABLE as readonly string[]).includes(q.orderField)
    ? (q.orderField as (typeof SORTABLE)[number])
    : 'id';
  const dir = q.orderType === 1 ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    base
      .selectAll('g')
      .select((eb) =>
        eb
          .selectFrom('group_members as gm')
          .whereRef('gm.group_id', '=', 'g.id')
          .select((e) => e.fn.countAll<number>().as('n'))
          .as('member_count'),
      )
      .orderBy(`g.${field}`, dir)
      .orderBy('g.id', dir)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(count.n) };
}

export async function countGroups(db: Kysely<DB>): Promise<number> {
  const r = await db
    .selectFrom('groups')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Every member row of the group, owner first, with the user (deleted accounts included, so an admin sees them). */
export async function allMembers(db: Kysely<DB>, groupId: number, offset: number, limit: number) {
  return db
    .selectFrom('group_members as gm')
    .innerJoin('users as u', 'u.id', 'gm.user_id')
    .select(['gm.user_id', 'gm.role', 'gm.nickname', 'gm.create_time', 'u.realname', 'u.account', 'u.avatar'])
    .where('gm.group_id', '=', groupId)
    .orderBy('gm.role')
    .orderBy('gm.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countAllMembers(db: Kysely<DB>, groupId: number): Promise<number> {
  const r = await db
    .selectFrom('group_members')
    .where('group_id', '=', groupId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The longest-standing other member: the heir of a deleted owner. */
export async function oldestOtherMember(db: Kysely<DB>, groupId: number, userId: number): Promise<number | undefined> {
  const r = await db
    .selectFrom('group_members')
    .select('user_id')
    .where('group_id', '=', groupId)
    .where('user_id', '!=', userId)
    .orderBy('role')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return r?.user_id;
}
