import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migratedTestDatabase, testDbKind } from './helpers/server';

/**
 * A send writes no sender index (migration 0013): `sendInterval` reads its own marks, written
 * only while the interval is on (messages.test.ts checks the rule itself).
 */

describe(`messages by sender on ${testDbKind()}`, () => {
  it('keeps no index on the sender: sendInterval reads send_marks (migration 0013)', async () => {
    const { db } = await migratedTestDatabase();
    if (testDbKind() === 'sqlite') {
      const { rows } = await sql<{ name: string }>`pragma index_list('messages')`.execute(db);
      expect(rows.map((r) => r.name)).not.toContain('messages_sender');
    } else {
      const { rows } = await sql<{
        indexname: string;
      }>`select indexname from pg_indexes where tablename = 'messages' and schemaname = current_schema()`.execute(db);
      expect(rows.map((r) => r.indexname)).not.toContain('messages_sender');
    }
  });
});
