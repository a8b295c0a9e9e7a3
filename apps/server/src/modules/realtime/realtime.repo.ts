import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';

export async function isGroupMember(db: Kysely<DB>, groupId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('group_members')
    .select('id')
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}
