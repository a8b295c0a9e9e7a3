import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';
import { prefsOfPairs } from './prefs.repo';

/** The users among `pairs` who turned notifications off for that conversation (`is_notice` 0). */
export async function mutedAmong(
  db: Kysely<DB>,
  pairs: Array<{ userId: number; chatId: string }>,
): Promise<Set<number>> {
  if (pairs.length === 0) return new Set();
  const prefs = await prefsOfPairs(db, pairs);
  return new Set(pairs.filter((_, i) => prefs[i]?.is_notice === 0).map((p) => p.userId));
}
