import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { Clock } from './platform/clock';
import type { EventBus, PresenceRegistry } from './platform/bus/index';
import type { Database } from './platform/db/index';
import type { Mailer } from './platform/mail/index';
import type { BlobStore } from './platform/blobs/disk';
import type { Counters } from './platform/limits/index';
import type { BackupRouteOptions, Lifecycle, ReadinessCheck } from './platform/ops/index';
import type { RedisHealth } from './platform/redis/health';

/** Everything buildApp needs from outside; chosen in main.ts (or a test helper) from config. */
export interface Deps {
  config: Config;
  database: Database;
  clock: Clock;
  /** Fan-out and presence: in-process for one node, Redis (REDIS_URL) for several. */
  bus: EventBus;
  presence: PresenceRegistry;
  /**
   * With Redis: whether this node reaches it (`up`, `ping()` for readiness) and how many
   * publications it refused (`publishFailures`), shared by the bus, presence and counters.
   */
  redisHealth?: RedisHealth;
  /** Presence damping window (modules/realtime, default 1 s); the test helper sets 0 unless asked. */
  presenceDampMs?: number;
  /** SMTP mailer when configured in the environment; else stored SMTP settings or the log. */
  mailer?: Mailer;
  /** Fastify logger option: `true`/options for pino, or a ready logger instance via `loggerInstance`. */
  logger?: FastifyServerOptions['logger'];
  loggerInstance?: FastifyServerOptions['loggerInstance'];
  /** Directory of our own static assets (avatar.png, notify.mp3, …). */
  staticDir: string;
  /** Abuse-guard counters: Redis when several nodes share them, else in-process (the default). */
  counters?: Counters;
  /** Stored files (generated group avatars, later uploads), served at `/storage/…`. */
  blobs: BlobStore;
  /**
   * Operating the node (PROTOCOL §20), from main.ts: the shutdown's state (else the app makes its
   * own), what `/readyz` asks besides the database (Redis), and the bus's failed publishes.
   */
  ops?: {
    lifecycle?: Lifecycle;
    readiness?: ReadinessCheck[];
    publishFailures?: () => number;
    /** SQLite: the token and database copy `GET /backup/database` serves (`npm run backup`). */
    backup?: BackupRouteOptions;
  };
}
