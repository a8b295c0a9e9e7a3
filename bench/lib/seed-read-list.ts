/**
 * Seeds the `read-list` workload straight through the server's db layer, while no server holds
 * the database: `--members` users (one password hash for all: registering 2,000 through the API
 * costs 160 s of scrypt), one group of them all owned by user 1, one message of the owner in it,
 * and every second member's read mark past it with its time in `read_log` (PROTOCOL §17), as if
 * they had opened the chat. Prints one JSON line: the owner's account and password, the message id.
 *
 * `node --import tsx bench/lib/seed-read-list.ts '{"sqliteFile":…|"dbUrl":…,"members":2000}'`
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { migrateToLatest, openDatabase, type DB } from '../../apps/server/src/platform/db/index';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';

const args = JSON.parse(process.argv[2] ?? '{}') as { sqliteFile?: string; dbUrl?: string; members: number };
const PASSWORD = 'benchpass1';
const OWNER = 'rlowner';

async function seed(): Promise<void> {
  const t0 = performance.now();
  const database = args.dbUrl
    ? openDatabase({ kind: 'postgres', url: args.dbUrl })
    : openDatabase({ kind: 'sqlite', file: args.sqliteFile as string });
  const db: Kysely<DB> = database.db;
  await migrateToLatest(database);
  const n = Math.max(3, args.members);
  const now = Math.floor(Date.now() / 1000);
  const hash = await hashPassword(PASSWORD);
  for (let i = 1; i <= n; i += 500) {
    const rows = [];
    for (let k = i; k < Math.min(i + 500, n + 1); k++) {
      const name = k === 1 ? OWNER : `rlm${k}`;
      rows.push({
        account: name,
        realname: k === 1 ? 'Owner' : `Member ${k}`,
        password_hash: hash,
        setting: '{}',
        name_py: name,
        create_time: now,
        update_time: now,
      });
    }
    await db.insertInto('users').values(rows).execute();
  }
  const ids = (await db.selectFrom('users').select('id').orderBy('id').execute()).map((r) => r.id);
  const owner = ids[0] as number;
  const group = await db
    .insertInto('groups')
    .values({
      name: 'Read lists',
      name_py: 'readlists',
      avatar: '',
      owner_id: owner,
      notice: '',
      setting: '{}',
      create_time: now,
      update_time: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const chat = `group-${group.id}`;
  const uuid = randomUUID();
  const sentMs = Date.now() - 60_000;
  const msg = await db
    .insertInto('messages')
    .values({
      id: uuid,
      chat_identify: chat,
      from_user: owner,
      to_user: group.id,
      is_group: 1,
      type: 'text',
      content: 'The release moves to Thursday',
      extends: '',
      file_id: 0,
      file_cate: 0,
      file_name: '',
      file_size: 0,
      at: '',
      pid: 0,
      is_undo: 0,
      send_time_ms: sentMs,
    })
    .returning('msg_id')
    .executeTakeFirstOrThrow();
  await db.insertInto('chats').values({ chat_identify: chat, last_msg_id: msg.msg_id }).execute();
  // Every second member has read it, a second apart (so the read list has times to sort by).
  for (let i = 0; i < n; i += 500) {
    const rows = ids.slice(i, i + 500).map((u, k) => {
      const j = i + k;
      const read = j === 0 || j % 2 === 0;
      return {
        group_id: group.id,
        user_id: u,
        role: j === 0 ? 1 : 3,
        invite_id: 0,
        nickname: '',
        no_speak_time: 0,
        read_msg_id: read ? msg.msg_id : 0,
        read_log: read && j > 0 ? `${msg.msg_id}:${sentMs + j * 1000}` : '',
        join_msg_id: 0,
        create_time: now,
      };
    });
    await db.insertInto('group_members').values(rows).execute();
  }
  if (database.dialect === 'postgres') await sql`analyze`.execute(db);
  await database.destroy();
  process.stdout.write(
    `${JSON.stringify({
      owner: OWNER,
      password: PASSWORD,
      msgId: uuid,
      members: n,
      seconds: Math.round((performance.now() - t0) / 100) / 10,
    })}\n`,
  );
}

await seed();
