import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';

/**
 * The friends module's reads (its `remarksRepo`) that the contact set, conversations and profiles
 * need. Friends imports contacts, so contacts receives them from createServices (app.ts) instead
 * of importing them: no import cycle, same statements.
 */
export interface FriendReads {
  acceptedFriendIds(db: Kysely<DB>, userId: number): Promise<number[]>;
  isAcceptedFriend(db: Kysely<DB>, owner: number, other: number): Promise<boolean>;
  pendingRequests(db: Kysely<DB>, me: number): Promise<{ count: number; newest: number }>;
  remarksOf(db: Kysely<DB>, me: number, ids?: number[]): Promise<Map<number, string>>;
  remarksOfPairs(db: Kysely<DB>, pairs: Array<{ owner: number; other: number }>): Promise<string[]>;
  friendRow(
    db: Kysely<DB>,
    me: number,
    other: number,
  ): Promise<{ id: number; nickname: string; status: number; create_time: number } | undefined>;
  makeFriends(db: Kysely<DB>, a: number, b: number, time: number): Promise<void>;
}
