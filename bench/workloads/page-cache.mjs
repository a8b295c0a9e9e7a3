import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { percentile } from '../lib/stats.mjs';

/**
 * SQLite's page cache alone, no server (issue 23, ninth pass): what a group commit and a history
 * read cost with each `--cache-kb` size, in one process, the sizes taking turns over `--rounds`.
 *
 * Why: a B-tree page split parks a page for a moment at the number of the lock page (1 GiB /
 * page size), and COMMIT then truncates the cache to the database's size by visiting every page
 * it holds; below 1 GiB that is all of them. So a commit costs more the fuller the cache is, and a
 * large cache that a long-running server fills makes every group commit slower, where the bench's
 * short windows after a fresh start never fill it. This measures it without the server's noise.
 *
 * The table stands in for `messages` (a unique random id, two (key, time) indexes, ~150 bytes of
 * text), opened as the server opens its file (EXCLUSIVE locking, WAL, memory temp store, its own
 * checkpoints; synchronous OFF, so the disk is not timed). Each size first reads the whole file
 * once to fill its cache, as hours of use would; then `COMMITS` commits of `BATCH` rows (a group
 * batch) with a PASSIVE checkpoint every 50, then `READS` reads of a 20-message page at a random
 * point of a random chat's history.
 */
const BATCH = 20;
const COMMITS = 400;
const READS = 2000;
const CHATS = 1000;

export const columns = [
  ['cache kB', 'cacheKb'],
  ['commit µs (median)', 'commitUs'],
  ['min', 'commitMin'],
  ['max', 'commitMax'],
  ['commit × first', 'commitRatio'],
  ['read µs (median)', 'readUs'],
  ['read × first', 'readRatio'],
  ['rounds', 'rounds'],
];

/** The `--cache-kb` list: positive whole kB, in the order given (the first is the reference). */
export function cacheSizes(spec) {
  const sizes = String(spec)
    .split(',')
    .map((s) => Number(s.trim()));
  if (sizes.length === 0 || sizes.some((n) => !Number.isInteger(n) || n <= 0))
    throw new Error(`--cache-kb wants positive whole kB, comma-separated; got "${spec}"`);
  return sizes;
}

/** The order of the sizes in round `r` (from 0): rotated, so no size always runs first or last. */
export const orderOf = (sizes, r) => sizes.map((_, i) => sizes[(i + r) % sizes.length]);

/**
 * Pure: samples `{ cacheKb, commitUs, readUs }` (one per size and round) → a row per size, in the
 * order of `sizes`: medians, the commit spread, and each median against the first size's.
 */
export function summarise(sizes, samples) {
  const med = (xs) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      50,
    );
  const rows = sizes.map((cacheKb) => {
    const mine = samples.filter((s) => s.cacheKb === cacheKb);
    const commits = mine.map((s) => s.commitUs);
    return {
      cacheKb,
      commitUs: round1(med(commits)),
      commitMin: round1(Math.min(...commits)),
      commitMax: round1(Math.max(...commits)),
      readUs: round1(med(mine.map((s) => s.readUs))),
      rounds: mine.length,
    };
  });
  const [first] = rows;
  for (const r of rows) {
    r.commitRatio = Math.round((r.commitUs / first.commitUs) * 1000) / 1000;
    r.readRatio = Math.round((r.readUs / first.readUs) * 1000) / 1000;
  }
  return rows;
}

const round1 = (x) => Math.round(x * 10) / 10;

function openLikeTheServer(file) {
  const db = new Database(file);
  db.pragma('locking_mode = EXCLUSIVE');
  db.pragma('temp_store = MEMORY');
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('wal_autocheckpoint = 0');
  db.exec(`create table if not exists m (id integer primary key, msg_id text not null unique, chat text not null,
      sender integer not null, content text not null, send_time integer not null);
    create index if not exists m_chat on m (chat, send_time);
    create index if not exists m_sender on m (sender, send_time)`);
  return db;
}

export async function run({ opts, log, report }) {
  const sizes = cacheSizes(opts.cacheKb);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-page-cache-'));
  const db = openLikeTheServer(path.join(dir, 'cache.sqlite'));
  try {
    const insert = db.prepare('insert into m (msg_id, chat, sender, content, send_time) values (?, ?, ?, ?, ?)');
    const text = 'a message of an ordinary length, about one line on a phone; '.repeat(2);
    let n = 0;
    const batch = db.transaction((k) => {
      for (let i = 0; i < k; i++, n++) insert.run(randomUUID(), `c${(n * 7919) % CHATS}`, n % CHATS, text, n);
    });
    log(`page-cache: ${opts.messages} messages in ${dir}`);
    while (n < opts.messages) batch(Math.min(1000, opts.messages - n));
    db.pragma('wal_checkpoint(TRUNCATE)');
    const fill = [
      db.prepare("select count(*) from m indexed by m_chat where chat > ''"),
      db.prepare('select count(*) from m indexed by m_sender where sender >= 0'),
      db.prepare("select count(*) from m indexed by sqlite_autoindex_m_1 where msg_id > ''"),
      db.prepare('select sum(length(content)) from m'),
    ];
    const page = db.prepare('select * from m where chat = ? and send_time < ? order by send_time desc limit 20');
    const timeUs = (k, fn) => {
      const t0 = process.hrtime.bigint();
      for (let i = 0; i < k; i++) fn(i);
      return Number(process.hrtime.bigint() - t0) / 1e3 / k;
    };
    const samples = [];
    for (let r = 0; r < opts.rounds; r++) {
      for (const cacheKb of orderOf(sizes, r)) {
        db.pragma(`cache_size = -${cacheKb}`);
        for (const s of fill) s.get();
        const commitUs = timeUs(COMMITS, (i) => {
          batch(BATCH);
          if (i % 50 === 49) db.pragma('wal_checkpoint(PASSIVE)');
        });
        const readUs = timeUs(READS, (i) => page.all(`c${(i * 37) % CHATS}`, n - ((i * 7907) % n)));
        const sample = { round: r + 1, cacheKb, commitUs: round1(commitUs), readUs: round1(readUs) };
        log(`  round ${r + 1}, cache ${cacheKb} kB: commit ${sample.commitUs} µs, read ${sample.readUs} µs`);
        report.write({ kind: 'page-cache', ...sample });
        samples.push(sample);
      }
    }
    const pages = db.pragma('page_count', { simple: true });
    return { rows: summarise(sizes, samples), note: `database ${pages} pages of 4 kB after the run` };
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
