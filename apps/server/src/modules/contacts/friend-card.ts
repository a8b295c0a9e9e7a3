import type { UserCard } from '@parley/protocol';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';
import { singleChatId } from './conversation';
import type { FriendReads } from './friend-reads';
import * as prefsRepo from './prefs.repo';

/**
 * getUserInfo's `friend` field (§3.2): my accepted row for that user with my preferences for our
 * chat, or '' when we are not friends. Reads only, so the users service can be handed it without
 * depending on the contacts service (which depends on users).
 */
export async function friendCard(
  db: Kysely<DB>,
  friendReads: Pick<FriendReads, 'friendRow'>,
  me: number,
  other: number,
): Promise<UserCard['friend']> {
  const row = await friendReads.friendRow(db, me, other);
  if (!row) return '';
  const pref = await prefsRepo.prefOf(db, me, singleChatId(me, other));
  return {
    friend_id: row.id,
    nickname: row.nickname,
    status: row.status,
    is_top: pref?.is_top ?? 0,
    is_notice: pref?.is_notice ?? 1,
    create_time: row.create_time,
  };
}
