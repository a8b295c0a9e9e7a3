/**
 * Seeds the `search` workload straight through the server's db layer (openDatabase, the
 * migrations, the search index's own term rows): `conversations` conversations (half one-to-one,
 * half groups of 8) holding `messages` messages between them, half Chinese, half English, with
 * known frequencies of the words the bench asks for. The searcher (user 1, `searcher`) is in
 * one tenth of the conversations. Run by workloads/search.mjs as
 * `node --import tsx bench/lib/seed-search.ts '<json>'` while no server holds the database.
 *
 * With `backfill: true` the messages are stored without their terms and the index's backfill
 * mark is set above them, as if they predated migration 0011: the server indexes them after start.
 */
import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { migrateToLatest, openDatabase, type DB } from '../../apps/server/src/platform/db/index';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';
import { termRowsOf } from '../../apps/server/src/modules/messages/search-index.repo';

interface SeedArgs {
  sqliteFile?: string;
  dbUrl?: string;
  messages: number;
  conversations: number;
  backfill?: boolean;
}

const args = JSON.parse(process.argv[2] ?? '{}') as SeedArgs;
const PASSWORD = 'benchpass1';
export const SEARCHER = 'searcher';

// A small deterministic PRNG (mulberry32): the same corpus on every run and both back ends.
let state = 0x9e3779b9;
function rand(): number {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(a: readonly T[]): T => a[Math.floor(rand() * a.length)] as T;

const ZH =
  '我们 你们 他们 今天 明天 下午 上午 晚上 周末 项目 客户 需求 设计 方案 进度 问题 文档 邮件 电话 时间 地点 安排 确认 讨论 修改 提交 测试 上线 版本 服务 数据 报表 预算 合同 发票 同事 领导 团队 公司 部门 计划 目标 结果 反馈 建议 资料 附件 链接 图片 视频 午饭 咖啡 周报 日报 出差 请假 加班 培训 面试 招聘'.split(
    ' ',
  );
const EN =
  'the a to and of in for on is it we you they this that with please can will send check update review draft plan team client project report budget deadline call email file link today tomorrow later monday friday morning afternoon lunch coffee thanks sure done ready issue fix release build test deploy server data design notes agenda slides invoice contract'.split(
    ' ',
  );
const ZH_PUNCT = ['，', '。', '！', '？', ''];

/** Word frequencies the bench relies on (share of all messages of that language). */
export const FREQ = { common: 0.03, phrase: 0.005, rare: 0.0002 };

function chinese(): string {
  const n = 3 + Math.floor(rand() * 6);
  const words = Array.from({ length: n }, () => pick(ZH));
  const r = rand();
  if (r < FREQ.phrase) words.splice(Math.floor(rand() * n), 0, '会议纪要');
  else if (r < FREQ.common) words.splice(Math.floor(rand() * n), 0, '会议');
  else if (r < FREQ.common + FREQ.rare) words.splice(Math.floor(rand() * n), 0, '鲸鱼');
  return words.map((w) => w + (rand() < 0.2 ? pick(ZH_PUNCT) : '')).join('');
}

function english(): string {
  const n = 4 + Math.floor(rand() * 8);
  const words = Array.from({ length: n }, () => pick(EN));
  const r = rand();
  if (r < FREQ.phrase) words.splice(Math.floor(rand() * n), 0, 'meeting', 'minutes');
  else if (r < FREQ.common) words.splice(Math.floor(rand() * n), 0, 'meeting');
  else if (r < FREQ.common + FREQ.rare) words.splice(Math.floor(rand() * n), 0, 'xylophone');
  const s = words.join(' ');
  return s[0]?.toUpperCase() + s.slice(1);
}

const COLS = [
  'msg_id',
  'id',
  'chat_identify',
  'from_user',
  'to_user',
  'is_group',
  'type',
  'content',
  'extends',
  'file_id',
  'file_cate',
  'file_name',
  'file_size',
  'at',
  'pid',
  'is_undo',
  'send_time_ms',
] as const;
const PG_TYPES = [
  'int',
  'text',
  'text',
  'int',
  'int',
  'int',
  'text',
  'text',
  'text',
  'int',
  'int',
  'text',
  'bigint',
  'text',
  'int',
  'int',
  'bigint',
];

/** Bulk inserts as raw statements: building them with Kysely per batch cost more than SQLite's insert. */
async function bulk(
  db: Kysely<DB>,
  pg: boolean,
  table: string,
  cols: readonly string[],
  types: string[],
  rows: unknown[][],
): Promise<void> {
  if (rows.length === 0) return;
  if (pg) {
    const arrays = cols.map((_, c) => rows.map((r) => r[c]));
    const sel = cols.map((_, c) => `$${c + 1}::${types[c]}[]`).join(', ');
    await db.executeQuery(
      CompiledQuery.raw(`insert into ${table} (${cols.join(', ')}) select * from unnest(${sel})`, arrays),
    );
    return;
  }
  const per = Math.floor(30_000 / cols.length);
  const one = `(${cols.map(() => '?').join(', ')})`;
  for (let s = 0; s < rows.length; s += per) {
    const part = rows.slice(s, s + per);
    await db.executeQuery(
      CompiledQuery.raw(
        `insert into ${table} (${cols.join(', ')}) values ${Array(part.length).fill(one).join(', ')}`,
        part.flat(),
      ),
    );
  }
}

interface Conv {
  chatId: string;
  isGroup: 0 | 1;
  to: number;
  members: number[];
}

async function seed(): Promise<void> {
  const t0 = performance.now();
  const database = args.dbUrl
    ? openDatabase({ kind: 'postgres', url: args.dbUrl })
    : openDatabase({ kind: 'sqlite', file: args.sqliteFile as string });
  const db: Kysely<DB> = database.db;
  const pg = database.dialect === 'postgres';
  await migrateToLatest(database);
  if (!pg) await sql`pragma cache_size = -1000000`.execute(db); // 1 GB while seeding: the term B-tree is written out of order

  const convs = Math.max(2, args.conversations);
  const pairs = Math.floor(convs / 2);
  const groups = convs - pairs;
  const nUsers = Math.max(60, convs);
  const now = Math.floor(Date.now() / 1000);
  const hash = await hashPassword(PASSWORD);
  const setting = '{}';

  // Users 1…nUsers; user 1 is the searcher.
  for (let i = 1; i <= nUsers; i += 500) {
    const rows = [];
    for (let k = i; k < Math.min(i + 500, nUsers + 1); k++) {
      rows.push({
        account: k === 1 ? SEARCHER : `seed${k}`,
        realname: k === 1 ? 'Searcher' : `Seed ${k}`,
        password_hash: hash,
        setting,
        name_py: k === 1 ? 'searcher' : `seed${k}`,
        create_time: now,
        update_time: now,
      });
    }
    await db.insertInto('users').values(rows).execute();
  }
  const userIds = (await db.selectFrom('users').select('id').orderBy('id').execute()).map((r) => r.id);
  const me = userIds[0] as number;
  const others = userIds.slice(1);

  // Conversations: the searcher is in a tenth of them (half pairs, half groups).
  const mine = Math.max(1, Math.floor(convs / 20));
  const list: Conv[] = [];
  for (let p = 0; p < pairs; p++) {
    const a = p < mine ? me : (others[(2 * p) % others.length] as number);
    const b = others[(2 * p + 1) % others.length] as number;
    const [lo, hi] = a < b ? [a, b] : [b, a];
    list.push({ chatId: `${lo}-${hi}`, isGroup: 0, to: b, members: [a, b] });
  }
  for (let g = 0; g < groups; g++) {
    const members = new Set<number>();
    if (g < mine) members.add(me);
    while (members.size < 8) members.add(pick(others));
    const owner = [...members][0] as number;
    const row = await db
      .insertInto('groups')
      .values({
        name: `Group ${g}`,
        name_py: `group${g}`,
        avatar: '',
        owner_id: owner,
        notice: '',
        setting: '{}',
        create_time: now,
        update_time: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('group_members')
      .values(
        [...members].map((u, i) => ({
          group_id: row.id,
          user_id: u,
          role: i === 0 ? 1 : 3,
          invite_id: 0,
          nickname: '',
          no_speak_time: 0,
          read_msg_id: 0,
          join_msg_id: 0,
          create_time: now,
        })),
      )
      .execute();
    list.push({ chatId: `group-${row.id}`, isGroup: 1, to: row.id, members: [...members] });
  }
  const tUsers = performance.now();

  // Messages, interleaved over the conversations; terms alongside (or left to the backfill).
  const total = args.messages;
  const lastOf = new Map<string, number>();
  const startMs = Date.now() - total * 1000;
  const TX_CHUNK = 20_000;
  let termRows = 0;
  let msgId = 0;
  if (pg && !args.backfill) await sql`alter table message_terms drop constraint message_terms_pk`.execute(db);
  for (let i = 0; i < total; i += TX_CHUNK) {
    await db.transaction().execute(async (tx) => {
      const terms: unknown[][] = [];
      const rows: unknown[][] = [];
      for (let k = i; k < Math.min(i + TX_CHUNK, total); k++) {
        const c = list[k % list.length] as Conv;
        const from = c.isGroup ? pick(c.members) : (c.members[Math.floor(k / list.length) % 2] as number);
        const to = c.isGroup ? c.to : (c.members.find((m) => m !== from) ?? from);
        // The oldest message holds a word of its own: the backfill run waits until it is found.
        const content = k === 0 ? 'zzoldest first message' : k % 2 ? english() : chinese();
        msgId = k + 1;
        lastOf.set(c.chatId, msgId);
        rows.push([
          msgId,
          randomUUID(),
          c.chatId,
          from,
          to,
          c.isGroup,
          'text',
          content,
          '',
          0,
          0,
          '',
          0,
          '',
          0,
          0,
          startMs + k * 1000,
        ]);
        if (!args.backfill)
          terms.push(
            ...termRowsOf({
              msg_id: msgId,
              type: 'text',
              content,
              file_name: '',
              is_undo: 0,
              is_group: c.isGroup,
              from_user: from,
              to_user: to,
            }),
          );
      }
      await bulk(tx, pg, 'messages', COLS, PG_TYPES, rows);
      termRows += terms.length;
      await bulk(tx, pg, 'message_terms', ['term', 'msg_id', 'scope'], ['bigint', 'int', 'bigint'], terms);
    });
    if ((i + TX_CHUNK) % 100_000 === 0) process.stderr.write(`  seeded ${i + TX_CHUNK}/${total} messages\n`);
  }
  if (pg) await sql`select setval(pg_get_serial_sequence('messages', 'msg_id'), ${msgId})`.execute(db);
  const tMessages = performance.now();
  if (pg && !args.backfill)
    await sql`alter table message_terms add constraint message_terms_pk primary key (term, msg_id, scope)`.execute(db);
  for (const [chatId, last] of lastOf) {
    await db
      .insertInto('chats')
      .values({ chat_identify: chatId, last_msg_id: last })
      .onConflict((oc) => oc.column('chat_identify').doUpdateSet({ last_msg_id: last }))
      .execute();
  }
  // Everyone has read everything: the searcher's conversations list without unread counts to make.
  await sql`update group_members set read_msg_id = coalesce((select last_msg_id from chats where chats.chat_identify = 'group-' || group_members.group_id), 0)`.execute(
    db,
  );
  const prefs = list
    .filter((c) => !c.isGroup)
    .flatMap((c) => c.members.map((u) => [u, c.chatId, 0, 1, 0, lastOf.get(c.chatId) ?? 0, 0]));
  await bulk(
    db,
    pg,
    'chat_prefs',
    ['user_id', 'chat_identify', 'is_top', 'is_notice', 'hide_msg_id', 'read_msg_id', 'update_time'],
    ['int', 'text', 'int', 'int', 'int', 'int', 'bigint'],
    prefs,
  );
  await db
    .updateTable('message_terms_backfill')
    .set({ below: args.backfill ? msgId + 1 : 0 })
    .execute();
  if (pg) await sql`analyze`.execute(db);
  await database.destroy();
  // VACUUM cannot run in a transaction block; PostgreSQL's autovacuum would get there too.
  if (pg) {
    const again = openDatabase({ kind: 'postgres', url: args.dbUrl as string });
    await sql`vacuum analyze message_terms`.execute(again.db);
    await again.destroy();
  }
  const tEnd = performance.now();
  const seconds = (a: number, b: number) => Math.round((b - a) / 100) / 10;
  process.stdout.write(
    `${JSON.stringify({
      searcher: SEARCHER,
      password: PASSWORD,
      users: nUsers,
      conversations: list.length,
      mine: 2 * mine,
      messages: total,
      termRows,
      seconds: {
        users: seconds(t0, tUsers),
        messages: seconds(tUsers, tMessages),
        index: seconds(tMessages, tEnd),
        total: seconds(t0, tEnd),
      },
    })}\n`,
  );
}

await seed();
