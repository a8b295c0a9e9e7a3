import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { DB } from '../db/schema';
import { registerHealth, type ReadinessCheck } from './health';
import { createMetrics, type MetricSources } from './metrics';
import { registerMetrics } from './metrics-route';
import type { Lifecycle } from './lifecycle';
import { registerBackupRoute, type BackupRouteOptions } from './backup-route';

export { createLifecycle, type Lifecycle } from './lifecycle';
export { registerDrain } from './drain';
export { createShutdown, type ShutdownSteps } from './shutdown';
export { countPublishFailures } from './bus-failures';
export { redisReadiness } from './redis-readiness';
export type { ReadinessCheck } from './health';
export type { MetricSources } from './metrics';
export type { BackupRouteOptions } from './backup-route';

export interface OpsOptions {
  lifecycle: Lifecycle;
  db: Kysely<DB>;
  /** Further dependencies `/readyz` asks about (Redis, when configured). */
  readiness: ReadinessCheck[];
  sources: MetricSources;
  metricsToken: string | undefined;
  trustProxy: boolean;
  apiPaths: () => Iterable<string>;
  /** A server process (main.ts): process and event-loop metrics from the start (metrics.ts). */
  processMetricsFromStart: boolean;
  /** SQLite server processes: `GET /backup/database` for `npm run backup`. */
  backup: BackupRouteOptions | undefined;
}

/** `/healthz`, `/readyz` and `/metrics` (PROTOCOL §20). */
export function registerOps(app: FastifyInstance, o: OpsOptions): void {
  const database: ReadinessCheck = { name: 'database', check: () => sql`select 1`.execute(o.db) };
  registerHealth(app, { lifecycle: o.lifecycle, checks: [database, ...o.readiness] });
  registerMetrics(app, {
    metrics: createMetrics(o.sources, o.processMetricsFromStart),
    token: o.metricsToken,
    trustProxy: o.trustProxy,
    apiPaths: o.apiPaths,
  });
  if (o.backup) registerBackupRoute(app, o.backup);
}
