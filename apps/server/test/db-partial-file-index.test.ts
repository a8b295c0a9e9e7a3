import { CompiledQuery, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { fileInVisibleMessage } from '../src/modules/messages/file-messages.repo';
import { migratedTestDatabase, testDbKind } from './helpers/server';
import { messageRow } from './chat-fixtures';

/**
 * `messages_file` holds file messages only (migration 0007): a text send writes one B-tree
 * less. The file lookup must still find its row through that index, not by scanning messages.
 */

const setup = async () => ({ db: (await migratedTestDatabase()).db });

const row = (id: string, fileId: number) =>
  messageRow({
    id,
    chat_identify: '1_2',
    from_user: 1,
    to_user: 2,
    is_group: 0,
    type: fileId ? 'file' : 'text',
    content: 'x',
    file_id: fileId,
  });

describe(`messages_file on ${testDbKind()}`, () => {
  it('indexes only rows that carry a file, and the file lookup finds them', async () => {
    const { db } = await setup();
    await db
      .insertInto('messages')
      .values([row('a', 0), row('b', 7), row('c', 0)])
      .execute();
    expect(await fileInVisibleMessage(db, 1, 7)).toBe(true);
    expect(await fileInVisibleMessage(db, 1, 8)).toBe(false);
    if (testDbKind() === 'sqlite') {
      const { rows } = await sql<{ name: string; partial: number }>`pragma index_list('messages')`.execute(db);
      expect(rows.find((r) => r.name === 'messages_file')?.partial).toBe(1);
      const { rows: entries } = await sql<{
        n: number;
      }>`select count(*) as n from messages indexed by messages_file where file_id > 0`.execute(db);
      expect(entries[0]?.n).toBe(1);
      const compiled = db
        .selectFrom('messages as m')
        .select('m.msg_id')
        .where('m.file_id', '=', 7)
        .where('m.file_id', '>', 0)
        .compile();
      const { rows: plan } = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
      );
      expect(plan.map((p) => p.detail).join(' ')).toContain('messages_file');
    } else {
      const { rows } = await sql<{
        indexdef: string;
      }>`select indexdef from pg_indexes where indexname = 'messages_file' and schemaname = current_schema()`.execute(
        db,
      );
      expect(rows[0]?.indexdef).toMatch(/WHERE \(file_id > 0\)/);
    }
  });
});
