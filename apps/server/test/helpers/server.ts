import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { onTestFinished } from 'vitest';
import pg from 'pg';
import { buildApp, type BuildOptions, type Services } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { Deps } from '../../src/deps';
import { manualClock } from '../../src/platform/clock';
import { migrateToLatest, openDatabase, type Database, type DatabaseOptions } from '../../src/platform/db/index';
import { smtpMailer, type Mailer } from '../../src/platform/mail/index';
import { diskBlobStore, type BlobStore } from '../../src/platform/blobs/disk';
import {
  MemoryBus,
  MemoryPresence,
  RedisBus,
  RedisPresence,
  type EventBus,
  type PresenceRegistry,
} from '../../src/platform/bus/index';
import { createApi, type Api } from './api';
import { MemoryCounters, RedisCounters, type Counters } from '../../src/platform/limits/index';
import { defaultGuardLimits } from '../../src/platform/limits/guards';
import { RedisHealth } from '../../src/platform/redis/health';

/**
 * The real app in-process on port 0, over a temp-dir SQLite file or a fresh PostgreSQL schema
 * (PARLEY_TEST_DB=sqlite|postgres), with a clock that only moves when the test says so.
 */

export interface TestServer {
  url: string;
  app: FastifyInstance;
  services: Services;
  database: Database;
  clock: ReturnType<typeof manualClock>;
  api: Api;
  /** Lines the server logged (level ≥ warn), for asserting on what operators see. */
  logs: string[];
  /** A new connection (pool) to the same database, as another node would open. */
  reopenInfo(): { database: Database; options: DatabaseOptions };
  /** Who is online where (shared by the nodes of one fan-out), for tests that wait on presence. */
  presence: PresenceRegistry;
  /** How this node fans out; a second node started with `sameDatabaseAs` shares it. */
  fanout: { kind: 'memory' | 'redis'; prefix: string; url?: string };
  /** This node's view of Redis (fan-out 'redis' only). */
  redisHealth?: RedisHealth;
  /** This node's fan-out, for tests that wait on whether it listens (a Redis outage). */
  bus: EventBus;
  /** Where this node stores files (a temp dir; shared with a second node on the same database). */
  blobs: BlobStore;
  close(): Promise<void>;
}

export interface TestServerOptions extends BuildOptions {
  config?: Partial<Config>;
  mailer?: Mailer;
  /** Start a second node on this server's database (multi-node tests); it owns no cleanup. */
  sameDatabaseAs?: TestServer;
  /**
   * Fan-out back end: by default Redis on the PostgreSQL run (the scale-out configuration) and
   * in-process on the SQLite run. Multi-node tests ask for 'redis' on both runs.
   */
  fanout?: 'memory' | 'redis';
  /** Presence damping window; 0 (every change pushed at once) unless a test asks for it. */
  presenceDampMs?: number;
  /** A Redis of the test's own (fault tests stop it); default PARLEY_TEST_REDIS_URL or 6379. */
  redisUrl?: string;
  /** Log level kept in `logs` (default warn); 'info' keeps the access log too. */
  logLevel?: string;
  /** Replaces the database's `afterDurable` (tests that hold outputs as an unsynced disk would). */
  afterDurable?: (fn: () => void) => void;
  /** The node's operating state and readiness checks (PROTOCOL §20), as main.ts hands them in. */
  ops?: Deps['ops'];
  /** Kysely's query log on this node's database (tests counting statements per request). */
  dbLog?: DatabaseOptions['log'];
}

const redisUrl = () => process.env.PARLEY_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function openFanout(
  fanout: TestServer['fanout'],
): Promise<{ bus: EventBus; presence: PresenceRegistry; counters: Counters; redisHealth?: RedisHealth }> {
  if (fanout.kind === 'memory')
    return { bus: new MemoryBus(), presence: new MemoryPresence(), counters: new MemoryCounters() };
  // As main.ts: one health for the node's Redis connections.
  const health = new RedisHealth();
  const url = fanout.url ?? redisUrl();
  const bus = new RedisBus(url, fanout.prefix, { health });
  await bus.whenReady();
  return {
    bus,
    presence: new RedisPresence(url, { prefix: fanout.prefix, health }),
    counters: new RedisCounters(url, fanout.prefix, { health }),
    redisHealth: health,
  };
}

/**
 * Test files register many people and send fast from one address: the abuse guards are raised
 * far out of the way unless a test passes `config.guardLimits` (abuse-guards.test.ts does).
 */
const relaxedGuards = Object.fromEntries(
  Object.entries(defaultGuardLimits).map(([k, v]) => [k, v * 1000]),
) as unknown as typeof defaultGuardLimits;

export const testDbKind = (): 'sqlite' | 'postgres' =>
  process.env.PARLEY_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

const staticDir = fileURLToPath(new URL('../../static', import.meta.url));

/** A fresh database of the run's kind (not migrated); `extra` adds open options such as a query log. */
/** The PostgreSQL of the integration-pg tier (vitest.config.ts), for tests that open a connection of their own. */
export const testPgUrl = (): string => process.env.PARLEY_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function openTestDatabase(
  extra: Pick<DatabaseOptions, 'log'> = {},
): Promise<{ database: Database; options: DatabaseOptions; cleanup(): Promise<void> }> {
  if (testDbKind() === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-test-'));
    const options: DatabaseOptions = { kind: 'sqlite', file: path.join(dir, 'test.sqlite'), ...extra };
    return {
      database: openDatabase(options),
      options,
      cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const url = testPgUrl();
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const options: DatabaseOptions = { kind: 'postgres', url, searchPath: schema, ...extra };
  return {
    database: openDatabase(options),
    options,
    cleanup: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}

/** A fresh database for one test (not migrated), closed and removed when the test ends. */
export async function disposableTestDatabase(extra: Pick<DatabaseOptions, 'log'> = {}): Promise<Database> {
  const opened = await openTestDatabase(extra);
  onTestFinished(async () => {
    await opened.database.destroy();
    await opened.cleanup();
  });
  return opened.database;
}

/** A fresh, migrated database for one test, closed and removed when the test ends. */
export async function migratedTestDatabase(extra: Pick<DatabaseOptions, 'log'> = {}): Promise<Database> {
  const database = await disposableTestDatabase(extra);
  await migrateToLatest(database);
  return database;
}

/**
 * Another handle on the same database, as a second node holds one. A SQLite file belongs to one
 * connection (locking_mode EXCLUSIVE: platform/db/index.ts), so there it is that same connection,
 * closed by its first owner; PostgreSQL gets a second pool.
 */
export function sameDatabase(database: Database, options: DatabaseOptions): Database {
  return options.kind === 'sqlite' ? { ...database, destroy: async () => {} } : openDatabase(options);
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const { database, options, cleanup } = opts.sameDatabaseAs
    ? { ...opts.sameDatabaseAs.reopenInfo(), cleanup: async () => {} }
    : await openTestDatabase(opts.dbLog ? { log: opts.dbLog } : {});
  await migrateToLatest(database);
  const clock = manualClock(Date.now());
  const logs: string[] = [];
  const config: Config = {
    ...loadConfig({ PARLEY_DATA_DIR: os.tmpdir(), PARLEY_WEB_DIR: path.join(os.tmpdir(), 'parley-no-web') }),
    guardLimits: relaxedGuards,
    ...opts.config,
  };
  const fanout: TestServer['fanout'] = opts.sameDatabaseAs?.fanout ?? {
    kind: opts.fanout ?? (testDbKind() === 'postgres' ? 'redis' : 'memory'),
    prefix: `parley-t-${Math.random().toString(36).slice(2, 10)}:`,
    ...(opts.redisUrl ? { url: opts.redisUrl } : {}),
  };
  const { bus, presence, counters, redisHealth } = await openFanout(fanout);
  const blobs = opts.sameDatabaseAs?.blobs ?? diskBlobStore(fs.mkdtempSync(path.join(os.tmpdir(), 'parley-blobs-')));
  const app = await buildApp(
    {
      config,
      database: opts.afterDurable ? { ...database, afterDurable: opts.afterDurable } : database,
      clock,
      bus,
      presence,
      counters,
      redisHealth,
      presenceDampMs: opts.presenceDampMs ?? 0,
      // As main.ts does: SMTP_URL in the config means a real SMTP mailer.
      mailer: opts.mailer ?? (config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : undefined),
      logger: { level: opts.logLevel ?? 'warn', stream: { write: (line: string) => void logs.push(line) } },
      staticDir,
      // Nodes sharing a database share its files too, as they would share a volume.
      blobs,
      ...(opts.ops ? { ops: opts.ops } : {}),
    },
    opts,
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    app,
    services: app.services,
    database,
    clock,
    api: createApi(url),
    logs,
    reopenInfo: () => ({ database: sameDatabase(database, options), options }),
    presence,
    fanout,
    blobs,
    redisHealth,
    bus,
    async close() {
      await app.close();
      await bus.close();
      await presence.close();
      await counters.close();
      await database.destroy();
      await cleanup();
    },
  };
}

/** Two nodes on one database, fanned out over Redis on both runs; `opts` applies to both. */
export async function startTwoNodes(opts: TestServerOptions = {}): Promise<[TestServer, TestServer]> {
  const a = await startTestServer({ fanout: 'redis', ...opts });
  return [a, await startTestServer({ ...opts, sameDatabaseAs: a })];
}

/** Closes the nodes a file started, in this order (the second node first; a start that failed left none). */
export async function closeNodes(...nodes: Array<TestServer | undefined>): Promise<void> {
  for (const node of nodes) await node?.close();
}
