import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { callgrindPrefix } from './callgrind.mjs';
import { cpuQuota } from './cpu-quota.mjs';

/** The servers' listen address (their HOST); callgrind_control also finds a valgrind process by it. */
export const LISTEN_HOST = '127.0.0.1';

/**
 * Starts the Parley server for a run: one node on a fresh SQLite directory, or N nodes on a
 * fresh PostgreSQL database plus Redis logical db 5 (cleared, that db only). The sysInfo row
 * is written straight into the `config` table (there is no admin endpoint yet; on SQLite between
 * a first start that creates the schema and the measured start) and the run waits until
 * getSystemInfo shows it. `--url` skips all of this and uses running nodes.
 */

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PG_ADMIN = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/5';
const SYSINFO = { runMode: 1 }; // everyone is a contact (PROTOCOL §1.7); nothing else raised

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function waitHttp(url, child, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} during start`);
    try {
      const r = await fetch(`${url}/common/pub/getSystemInfo`, { method: 'POST', signal: AbortSignal.timeout(2000) });
      if (r.ok) return await r.json();
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server at ${url} did not answer within ${ms} ms`);
}

async function waitRunMode(urls, ms) {
  const until = Date.now() + ms;
  for (const url of urls) {
    for (;;) {
      const info = await waitHttp(url, null, 5000);
      if (info?.data?.sysInfo?.runMode === SYSINFO.runMode) break;
      if (Date.now() > until)
        throw new Error(`${url}: sysInfo.runMode is not ${SYSINFO.runMode}; set it before benchmarking`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

const merged = (raw) => {
  let old = {};
  try {
    old = raw ? JSON.parse(raw) : {};
  } catch {
    /* broken row: replace */
  }
  return JSON.stringify({ ...old, ...SYSINFO });
};

async function writeSqliteConfig(file) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(file);
  db.pragma('busy_timeout = 5000');
  const row = db.prepare("select value from config where name = 'sysInfo'").get();
  db.prepare(
    "insert into config (name, value) values ('sysInfo', ?) on conflict(name) do update set value = excluded.value",
  ).run(merged(row?.value));
  db.close();
}

async function pgClient(url) {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  return c;
}

async function writePgConfig(url) {
  const c = await pgClient(url);
  try {
    const r = await c.query("select value from config where name = 'sysInfo'");
    await c.query(
      "insert into config (name, value) values ('sysInfo', $1) on conflict (name) do update set value = excluded.value",
      [merged(r.rows[0]?.value)],
    );
  } finally {
    await c.end();
  }
}

/**
 * What PostgreSQL's autovacuum does within a minute or two of a bulk fill: fresh planner
 * statistics and visibility map. A workload that fills tables through the server and then times
 * reads calls this first; otherwise it times plans made for the empty tables the run began with
 * (a 20,000-message chat estimated at 6 rows and sorted on disk for every page). SQLite: nothing.
 */
export async function settleStats(env, log = console.error) {
  if (!env.dbUrl) return;
  const t0 = performance.now();
  const c = await pgClient(env.dbUrl);
  try {
    await c.query('vacuum analyze');
  } finally {
    await c.end();
  }
  log(`  vacuum analyze (as autovacuum would) in ${Math.round(performance.now() - t0)} ms`);
}

async function clearRedisDb() {
  const { Redis } = await import('ioredis');
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await r.connect();
  await r.flushdb(); // logical db 5 only, never FLUSHALL on the shared Redis
  r.disconnect();
}

const rootScripts = (root = repoRoot) => JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;

/**
 * A serve script of the root package.json read as the bench runs it: `[VAR=value …] node <flags> <entry>`,
 * the entry being the server bundle (`apps/server/dist/main.mjs`), or, in a checkout from before the
 * bundle (compare --against), `tsx <flags> <entry.ts>` or `node <flags> --import tsx <entry.ts>`.
 * Returns the environment assignments, the Node/V8 flags (`--import tsx` left out: spawnNode adds it
 * for a TypeScript entry) and the entry, so the bench measures the server as `npm start` (or
 * `npm run serve:small`) runs it; the flags live in that one place.
 */
export function serveCommand(serveScript = rootScripts().serve) {
  const words = serveScript.trim().split(/\s+/);
  const env = {};
  while (/^[A-Z_][A-Z0-9_]*=/.test(words[0] ?? '')) {
    const [name, ...value] = words.shift().split('=');
    env[name] = value.join('=');
  }
  if (words[0] !== 'tsx' && words[0] !== 'node')
    throw new Error(`the serve script no longer starts with tsx or node: ${serveScript}`);
  const flags = [];
  let entry;
  for (let i = 1; i < words.length; i++) {
    if (words[i] === '--import' && words[i + 1] === 'tsx') i++;
    else if (words[i].startsWith('--')) flags.push(words[i]);
    else entry = words[i];
  }
  if (!entry) throw new Error(`the serve script names no entry file: ${serveScript}`);
  return { env, flags, entry };
}

/** The Node/V8 flags of a serve script (the root `serve` by default). */
export const serveFlags = (serveScript) => serveCommand(serveScript).flags;

/** Checkouts whose server bundle this bench process has built from their sources. */
const bundled = new Set();

/** Builds a checkout's server bundle once per bench run, so a run never measures an older build. */
function buildBundle(root) {
  if (bundled.has(root)) return;
  execFileSync(process.execPath, [path.join('apps', 'server', 'scripts', 'build-bundle.mjs')], { cwd: root });
  bundled.add(root);
}

function spawnNode({ env, pin, quota, cpuProfDir, logFile, traceSql, callgrindDir, root = repoRoot, serve = 'serve' }) {
  const script = rootScripts(root)[serve];
  if (!script) throw new Error(`package.json has no script "${serve}" (--serve)`);
  const served = serveCommand(script);
  if (served.entry.endsWith('.mjs')) buildBundle(root);
  // BENCH_NODE_ARGS come after the serve script's flags, so they can override them.
  const nodeArgs = [...served.flags, ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)];
  if (served.entry.endsWith('.ts')) nodeArgs.push('--import', 'tsx');
  if (traceSql)
    nodeArgs.push(
      '--import',
      path.join(repoRoot, 'bench', 'lib', traceSql === 'pg' ? 'pg-trace.mjs' : 'sql-trace.mjs'),
    );
  if (cpuProfDir) nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`);
  nodeArgs.push(served.entry);
  // pin: true = core 0 (the measured server); a cpu list string = those cores.
  const cores = pin === true ? '0' : pin;
  const node = [...(callgrindDir ? callgrindPrefix(callgrindDir) : []), process.execPath, ...nodeArgs];
  // quota: the node's CPU limit (--node-cpu, cpu-quota.mjs), entered before node starts.
  const command = quota ? quota.wrap(node) : node;
  const [cmd, ...args] = cores ? ['taskset', '-c', cores, ...command] : command;
  const out = fs.openSync(logFile, 'a');
  const child = spawn(cmd, args, {
    cwd: root,
    env: { ...process.env, ...served.env, ...env },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  return child;
}

async function stopChild(child, ms = 15000) {
  if (!child || child.exitCode !== null || child.signalCode) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const t = setTimeout(() => child.kill('SIGKILL'), ms);
  await exited;
  clearTimeout(t);
}

/**
 * Returns { nodes: [{ url, pid, quota? }], backend, dataDir, dbUrl (PostgreSQL), stop(), profiles() }. `seed({ sqliteFile } | { dbUrl })`,
 * if given, runs while no server holds the database (SQLite: after the first start made the schema;
 * PostgreSQL: before the first node starts, so the seed migrates it itself); its answer is `env.seeded`.
 */
/** `root`: the checkout whose server runs (compare: a worktree of the baseline); default this one. */
export async function launch(opts, log = console.error, { seed, root = repoRoot } = {}) {
  if (opts.url) {
    const urls = opts.url.split(',').map((u) => u.trim().replace(/\/+$/, ''));
    await waitRunMode(urls, 3000);
    return {
      nodes: urls.map((url) => ({ url, pid: null })),
      backend: 'external',
      dataDir: null,
      stop: async () => {},
      restart: null,
      stallFiles: [],
      profiles: () => [],
    };
  }
  fs.mkdirSync(path.join(repoRoot, 'bench', 'results'), { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `parley-bench-${opts.backend}-`));
  const cpuProfDir = opts.cpuProf ? path.join(dataDir, 'profiles') : undefined;
  const logFile = path.join(dataDir, 'server.log');
  const children = [];
  const base = {
    HOST: LISTEN_HOST,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    PARLEY_JWT_SECRET: randomBytes(24).toString('hex'),
    // The abuse guards (issue 19) are per address and per user: the bench registers a thousand
    // users from one address and its group senders send far above a person's speed, so it lifts
    // them. The guards' own cost per request stays in the path (they are checked, never reached).
    PARLEY_LIMIT_REGISTRATIONS_PER_IP_HOUR: '1000000',
    PARLEY_LIMIT_MESSAGES_PER_USER_SECOND: '1000000',
  };
  let dbName;
  let dbUrl;
  let kept = [];
  let seeded;
  // --node-cpu: a CPU limit per node, for the measured starts (the setup start registers users unlimited).
  const quotas = [];
  const quotaOf = (i, measured) => {
    if (!opts.nodeCpu || !measured) return undefined;
    quotas[i] ??= cpuQuota(`${path.basename(dataDir)}-node${i}`, opts.nodeCpu);
    return quotas[i];
  };
  const stop = async () => {
    await Promise.all(children.map((c) => stopChild(c)));
    for (const q of quotas) q?.remove();
    if (cpuProfDir && fs.existsSync(cpuProfDir)) {
      const dest = path.join(repoRoot, 'bench', 'results', 'profiles', path.basename(dataDir));
      fs.mkdirSync(dest, { recursive: true });
      kept = fs.readdirSync(cpuProfDir).map((f) => {
        fs.copyFileSync(path.join(cpuProfDir, f), path.join(dest, f));
        return path.join(dest, f);
      });
    }
    if (dbName && opts.keep) {
      // --keep: the database stays for --url runs (start a node with DATABASE_URL=<url>, REDIS_URL=<redis>).
      log(`kept database ${dbUrl} (drop it with: psql -h 127.0.0.1 -U postgres -c 'drop database ${dbName}')`);
    } else if (dbName) {
      const c = await pgClient(PG_ADMIN).catch(() => null);
      if (c) {
        await c
          .query(`drop database if exists ${dbName} with (force)`)
          .catch((e) => log(`drop ${dbName}: ${e.message}`));
        await c.end();
      }
      await clearRedisDb().catch(() => undefined);
    }
    if (!opts.keep) fs.rmSync(dataDir, { recursive: true, force: true });
    else log(`kept ${dataDir}`);
  };
  try {
    const nodes = [];
    if (opts.backend === 'pg') {
      dbName = `parley_bench_${randomBytes(4).toString('hex')}`;
      const c = await pgClient(PG_ADMIN);
      await c.query(`create database ${dbName}`);
      await c.end();
      dbUrl = PG_ADMIN.replace(/\/[^/]*$/, `/${dbName}`);
      await clearRedisDb();
    }
    if (!dbUrl) {
      // The server keeps its SQLite file locked while it runs, so a first start only creates the
      // schema; the config row is written while no server runs, then the measured one starts.
      const port = await freePort();
      const env = { ...base, PORT: String(port), PARLEY_DATA_DIR: path.join(dataDir, 'node0') };
      const first = spawnNode({ env, pin: false, logFile, root, serve: opts.serve });
      await waitHttp(`http://127.0.0.1:${port}`, first, 60000).finally(() => stopChild(first));
      await writeSqliteConfig(path.join(dataDir, 'node0', 'parley.sqlite'));
      if (seed) seeded = await seed({ sqliteFile: path.join(dataDir, 'node0', 'parley.sqlite') });
    } else if (seed) seeded = await seed({ dbUrl });
    const nodeEnvs = [];
    const stallFiles = [];
    for (let i = 0; i < opts.nodes; i++) {
      const port = await freePort();
      const env = { ...base, PORT: String(port), PARLEY_DATA_DIR: path.join(dataDir, `node${i}`) };
      if (dbUrl) Object.assign(env, { DATABASE_URL: dbUrl, REDIS_URL: REDIS_URL });
      if (opts.traceSql)
        env.BENCH_SQL_TRACE = path.join(
          repoRoot,
          'bench',
          'results',
          `sql-trace-${path.basename(dataDir)}-node${i}.json`,
        );
      if (opts.stalls) stallFiles.push((env.PARLEY_STALL_LOG = path.join(dataDir, `stalls-node${i}.jsonl`)));
      // With fresh starts every repetition runs on a restarted (pinned) server, so this first one only
      // sets up (registering users: two scrypt hashes each) and may use both cores: half the wait.
      // (The generator has pinned itself, and a child inherits that: so every core is named here.)
      const pin = opts.pin && opts.fresh ? `0-${os.cpus().length - 1}` : opts.pin;
      const child = spawnNode({
        env,
        pin,
        quota: quotaOf(i, !opts.fresh),
        cpuProfDir,
        logFile,
        traceSql: opts.traceSql && opts.backend,
        root,
        serve: opts.serve,
      });
      children.push(child);
      nodeEnvs.push(env);
      const url = `http://127.0.0.1:${port}`;
      await waitHttp(url, child, 60000); // node i migrates before node i+1 starts
      nodes.push({ url, pid: child.pid, quota: quotaOf(i, !opts.fresh) });
    }
    /**
     * A fresh start of every node on the same data, ports and secret (issue 23: each repetition
     * after a fresh start): sessions stay valid, sockets must be opened again.
     */
    const restart = async () => {
      await Promise.all(children.map((c) => stopChild(c)));
      for (let i = 0; i < nodes.length; i++) {
        const child = spawnNode({
          root,
          serve: opts.serve,
          env: nodeEnvs[i],
          pin: opts.pin,
          quota: quotaOf(i, true),
          cpuProfDir,
          logFile,
          traceSql: opts.traceSql && opts.backend,
          ...(opts.callgrind ? { callgrindDir: dataDir } : {}),
        });
        children[i] = child;
        await waitHttp(nodes[i].url, child, opts.callgrind ? 300_000 : 60000);
        nodes[i].pid = child.pid;
        nodes[i].quota = quotaOf(i, true);
      }
      await waitRunMode(
        nodes.map((n) => n.url),
        8000,
      );
    };
    if (dbUrl) await writePgConfig(dbUrl);
    await waitRunMode(
      nodes.map((n) => n.url),
      8000,
    ); // config cache is ≤ 5 s per node
    return {
      nodes,
      backend: opts.backend,
      dataDir,
      dbUrl,
      logFile,
      seeded,
      stop,
      restart,
      stallFiles,
      sqlTraces: () =>
        opts.traceSql
          ? nodes
              .map((_, i) =>
                path.join(repoRoot, 'bench', 'results', `sql-trace-${path.basename(dataDir)}-node${i}.json`),
              )
              .filter((f) => fs.existsSync(f))
          : [],
      /** CPU profiles copied to bench/results/profiles by stop(). */
      profiles: () => kept,
    };
  } catch (err) {
    const tail = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-2000) : '';
    await stop();
    throw new Error(`${err.message}${tail ? `\n--- server log (tail) ---\n${tail}` : ''}`, { cause: err });
  }
}
