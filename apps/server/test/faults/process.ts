import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, inject } from 'vitest';
import { createApi, type Api } from '../helpers/api';
import { testPgUrl } from '../helpers/server';

/** A real Parley server process for fault tests: started as `npm run serve` would, killable with -9. */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => done(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  api: Api;
  child: ChildProcess;
  output: () => string;
  /** kill -9: no shutdown hook runs. */
  crash(): Promise<void>;
  /**
   * SIGTERM, as systemd or a rolling restart stops a node. Fails (after a kill -9, so nothing is
   * left behind) when the process does not exit 0 on its own: its shutdown hung past the grace
   * (PROTOCOL §20) or failed. Nothing when it has exited already.
   */
  stop(): Promise<void>;
}

/** The shutdown grace a server process runs with (PARLEY_SHUTDOWN_GRACE_S, default 10 s). */
export const graceMsOf = (env: Record<string, string | undefined>): number =>
  Number(env.PARLEY_SHUTDOWN_GRACE_S ?? 10) * 1000;

/**
 * Sends SIGTERM and waits for the exit. The server exits by its own timer at the grace (with 1
 * when it had to); the 5 s beyond are only a guard against a hang, not a measure of speed.
 */
export async function terminate(
  child: ChildProcess,
  exited: Promise<void>,
  graceMs: number,
  output: () => string,
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  let guard: NodeJS.Timeout | undefined;
  const hung = await Promise.race([
    exited.then(() => false),
    new Promise<boolean>((r) => (guard = setTimeout(() => r(true), graceMs + 5000))),
  ]);
  clearTimeout(guard);
  if (hung) {
    child.kill('SIGKILL');
    await exited;
    throw new Error(`server did not exit on SIGTERM within its ${graceMs} ms grace:\n${output().slice(-4000)}`);
  }
  if (child.exitCode !== 0) {
    throw new Error(`server exited with ${child.exitCode ?? child.signalCode} on SIGTERM:\n${output().slice(-4000)}`);
  }
}

export async function startProcess(
  env: Record<string, string>,
  port?: number,
  /** Extra Node options, e.g. `--inspect=127.0.0.1:0` to read the heap (inspect.ts). */
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  // A port from freePort() is free only when asked: another test's server can take it while
  // this child is still starting. Such a child exits with EADDRINUSE, and it is started again
  // on a new port; a caller's own port is never swapped.
  for (let attempt = 1; ; attempt++) {
    const started = await startOnce(env, port ?? (await freePort()), nodeArgs);
    if (started.ok) return started.server;
    if (port !== undefined || attempt >= 3 || !/EADDRINUSE/.test(started.log)) {
      throw new Error(`server exited early:\n${started.log}`);
    }
  }
}

async function startOnce(
  env: Record<string, string>,
  p: number,
  nodeArgs: string[],
): Promise<{ ok: true; server: ServerProcess } | { ok: false; log: string }> {
  let log = '';
  const child = spawn(
    process.execPath,
    // The server bundle, as `npm run serve` runs it (built by the project's global setup).
    [...nodeArgs, path.join(repoRoot, 'apps/server/dist/main.mjs')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(p),
        LOG_LEVEL: 'warn',
        PARLEY_JWT_SECRET: 'fault-test-secret-0123456789',
        // Load tests send far faster than a person: the per-user guard is raised out of the way.
        PARLEY_LIMIT_MESSAGES_PER_USER_SECOND: '1000000',
        PARLEY_LIMIT_REGISTRATIONS_PER_IP_HOUR: '1000000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (b: Buffer) => (log += b.toString()));
  child.stderr?.on('data', (b: Buffer) => (log += b.toString()));
  const url = `http://127.0.0.1:${p}`;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const deadline = Date.now() + 60_000; // a start on a busy machine
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) return { ok: false, log };
    // Whoever answers on the port must be this child: another server that took the port
    // would answer the health check too, and the test would run against a stranger.
    if (child.pid !== undefined && listensOn(child.pid, p)) {
      try {
        if ((await fetch(`${url}/common/pub/getSystemInfo`, { method: 'POST' })).ok) break;
      } catch {
        // listening, not answering yet
      }
    }
    if (Date.now() > deadline) throw new Error(`server did not start in 60 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const server: ServerProcess = {
    url,
    api: createApi(url),
    child,
    output: () => log,
    async crash() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
    stop: () => terminate(child, exited, graceMsOf({ ...process.env, ...env }), () => log),
  };
  return { ok: true, server };
}

/** Whether process `pid` holds a TCP socket listening on `port` (Linux: /proc/net/tcp + fds). */
export function listensOn(pid: number, port: number): boolean {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readOr(() => fs.readFileSync(table, 'utf8'), '')
      .split('\n')
      .slice(1)) {
      // columns: sl, local address:port, remote, state (0A = LISTEN), …, inode (the tenth)
      const [, local = '', , state, , , , , , inode = ''] = line.trim().split(/\s+/);
      if (local.endsWith(`:${hexPort}`) && state === '0A') inodes.add(inode);
    }
  }
  if (inodes.size === 0) return false;
  return readOr(() => fs.readdirSync(`/proc/${pid}/fd`), []).some((fd) => {
    const link = readOr(() => fs.readlinkSync(`/proc/${pid}/fd/${fd}`), ''); // '' if closed meanwhile
    const m = /^socket:\[(\d+)\]$/.exec(link);
    return m !== null && inodes.has(m[1] ?? '');
  });
}

function readOr<T>(read: () => T, otherwise: T): T {
  try {
    return read();
  } catch {
    return otherwise;
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** `fault_<run id>_`, given by scripts/vitest-fault-databases.mjs on integration-pg. */
    faultDatabasePrefix?: string;
  }
}

/**
 * A fresh PostgreSQL database for server processes (the server migrates it like a new
 * installation), dropped after the file's tests, or at the end of the run when made inside a test.
 * Returns the env that points a server at it.
 */
export async function freshPgDatabase(): Promise<{ DATABASE_URL: string }> {
  const pg = await import('pg');
  const url = testPgUrl();
  // The run's prefix (scripts/vitest-fault-databases.mjs drops what is left of the run at its end).
  const prefix = inject('faultDatabasePrefix') ?? 'fault_';
  const name = `${prefix}${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = async (sql: string) => {
    const c = new pg.default.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  afterAll(() => admin(`drop database if exists ${name} with (force)`));
  return { DATABASE_URL: url.replace(/\/[^/]*$/, `/${name}`) };
}

/** How many times each client `id` appears in a chat, read page by page through `last_id`. */
export async function chatIdCounts(api: Api, token: string, peer: number): Promise<Map<string, number>> {
  const seen = new Map<string, number>();
  let lastId = 0;
  for (;;) {
    const page = await api.post(
      '/enterprise/im/getMessageList',
      { toContactId: peer, limit: 100, ...(lastId ? { last_id: lastId } : {}) },
      { token },
    );
    const rows = page.body.data as Array<{ id: string; msg_id: number }>;
    for (const row of rows) seen.set(row.id, (seen.get(row.id) ?? 0) + 1);
    if (rows.length < 100) return seen;
    lastId = Math.min(...rows.map((r) => r.msg_id));
  }
}
