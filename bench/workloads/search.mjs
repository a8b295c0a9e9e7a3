import { spawn } from 'node:child_process';
import path from 'node:path';
import { call } from '../lib/http.mjs';
import { timedCalls } from '../lib/timed.mjs';
import { repoRoot } from '../lib/server.mjs';
import { Samples } from '../lib/stats.mjs';

/**
 * Search (PROTOCOL §16). The corpus is written straight into the database before the measured
 * server starts (lib/seed-search.ts: `--messages` over `--conversations`, half Chinese, half
 * English; the searcher is in a tenth of the conversations). Then the searcher logs in and asks
 * each query `--repeat` times, one request at a time: common and rare words in both scripts,
 * a two-word query, a single Chinese character, and a word no message holds.
 *
 * `--backfill`: the messages are stored without index rows, as if they predated the index; the
 * run measures how long the server's background backfill takes to index them all.
 */

export const QUERIES = [
  { q: '会议', kind: 'zh common (3 %)' },
  { q: '会议纪要', kind: 'zh phrase (0.5 %)' },
  { q: '鲸鱼', kind: 'zh rare (0.02 %)' },
  { q: '鲸', kind: 'zh one character (rare)' },
  { q: '会', kind: 'zh one character (common)' },
  { q: 'meeting', kind: 'en common (3 %)' },
  { q: 'meeting minutes', kind: 'en two words (0.5 %)' },
  { q: 'xylophone', kind: 'en rare (0.02 %)' },
  { q: 'the', kind: 'en very common (~30 %)' },
  { q: 'nowhere', kind: 'no match' },
];

function runSeed(target, opts, log) {
  const args = JSON.stringify({
    ...target,
    messages: opts.messages,
    conversations: opts.conversations,
    backfill: opts.backfill,
  });
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join('bench', 'lib', 'seed-search.ts'), args], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    // A hard stop of the bench (--timeout) must not leave the seeding behind.
    const kill = () => child.kill('SIGKILL');
    process.once('exit', kill);
    child.once('exit', () => process.off('exit', kill));
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => log(String(d).trimEnd()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`seed-search exited with ${code}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').pop()));
      } catch (err) {
        reject(err);
      }
    });
  });
}

/** For launch(): seeds while no server holds the database. */
export const seed = (opts, log) => async (target) => {
  log(
    `search: seeding ${opts.messages} messages over ${opts.conversations} conversations${opts.backfill ? ' (without index rows: backfill run)' : ''}`,
  );
  const s = await runSeed(target, opts, log);
  log(
    `  seeded in ${s.seconds.total} s (users ${s.seconds.users}, messages + terms ${s.seconds.messages}, index build ${s.seconds.index}); ${s.termRows} term rows`,
  );
  return s;
};

async function waitBackfill(base, token, log) {
  const t0 = performance.now();
  for (;;) {
    const r = await call(base, '/enterprise/im/search', { keywords: 'zzoldest', type: 'messages' }, { token });
    if (r.code === 0 && r.data.messages.length > 0) break;
    if (performance.now() - t0 > 3_600_000) throw new Error('backfill did not finish within an hour');
    await new Promise((res) => setTimeout(res, 500));
  }
  const s = (performance.now() - t0) / 1000;
  log(`  backfill done ${s.toFixed(1)} s after start`);
  return s;
}

export async function run({ env, opts, log, report }) {
  const base = env.nodes[0].url;
  // With --url the server runs on a database seeded earlier (same corpus, same searcher).
  const seeded = env.seeded ?? { searcher: 'searcher', password: 'benchpass1', messages: opts.messages };
  const login = await call(base, '/common/pub/login', {
    account: seeded.searcher,
    password: seeded.password,
    terminal: 'web',
  });
  if (login.code !== 0) throw new Error(`searcher login: ${login.msg}`);
  const token = login.data.authToken;
  const points = [];
  if (opts.backfill) {
    const seconds = await waitBackfill(base, token, log);
    const p = {
      workload: 'search',
      path: 'backfill',
      messages: seeded.messages,
      seconds,
      perMillion: Math.round((seconds * 1e6) / seeded.messages),
    };
    report.write(p);
    points.push(p);
  }
  const repeat = Math.max(1, opts.repeat);
  // With --url the bench did not start the server; BENCH_SERVER_PID names it for the CPU figures.
  const pid = env.nodes[0].pid ?? (Number(process.env.BENCH_SERVER_PID) || null);
  // The floor under every figure: the same machine answering a request that does nothing.
  {
    const { samples: s, cpuMs } = await timedCalls(pid, repeat, () => call(base, '/common/pub/getSystemInfo', {}));
    const p = {
      workload: 'search',
      backend: env.backend,
      path: 'baseline: getSystemInfo',
      kind: 'no work',
      cpuMs,
      ...s.summary(),
    };
    report.write(p);
    points.push(p);
  }
  for (const type of ['messages', 'all']) {
    const all = new Samples();
    for (const { q, kind } of QUERIES) {
      let hits = 0;
      let hasMore = false;
      // One untimed call first: the measured ones are the warm path a person typing gets.
      await call(base, '/enterprise/im/search', { keywords: q, type }, { token });
      const { samples: s, cpuMs } = await timedCalls(pid, repeat, async () => {
        const r = await call(base, '/enterprise/im/search', { keywords: q, type }, { token });
        if (r.code !== 0) throw new Error(`search ${q}: ${r.msg}`);
        hits = r.data.messages.length;
        hasMore = r.data.hasMore;
      });
      for (const ms of s.values) all.add(ms);
      const p = {
        workload: 'search',
        backend: env.backend,
        type,
        path: `${type}: ${q}`,
        kind,
        messages: seeded.messages,
        hits,
        hasMore,
        cpuMs,
        ...s.summary(),
      };
      report.write(p);
      points.push(p);
    }
    const p = {
      workload: 'search',
      backend: env.backend,
      type,
      path: `${type}: every query`,
      kind: 'all of the above',
      messages: seeded.messages,
      ...all.summary(),
    };
    report.write(p);
    points.push(p);
  }
  return points;
}

export const columns = [
  ['query', 'path'],
  ['kind', 'kind'],
  ['hits', (r) => (r.hits === undefined ? '' : `${r.hits}${r.hasMore ? '+' : ''}`)],
  ['n', (r) => r.count ?? ''],
  ['p50 ms', (r) => r.p50 ?? r.seconds],
  ['p95 ms', 'p95'],
  ['p99 ms', 'p99'],
  ['max ms', 'max'],
  ['srv CPU ms/req', 'cpuMs'],
];
