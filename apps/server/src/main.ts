import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadConfig } from './config';
import { systemClock } from './platform/clock';
import { migrateToLatest, openDatabase, type Database } from './platform/db/index';
import { smtpMailer } from './platform/mail/index';
import { diskBlobStore } from './platform/blobs/disk';
import { MemoryBus, MemoryPresence, RedisBus, RedisPresence } from './platform/bus/index';
import { MemoryCounters, RedisCounters } from './platform/limits/index';
import { RedisHealth } from './platform/redis/health';
import { startStallLog } from './platform/diagnostics/stall-log';
import { writeBackupToken } from './platform/backup/token';
import { countPublishFailures, createLifecycle, createShutdown, redisReadiness } from './platform/ops/index';

/** The only place that reads the environment, opens the database and listens. */
async function main(): Promise<void> {
  const config = loadConfig();
  // SQLite: `npm run backup` asks this process for the database (its lock keeps others out).
  const backupRoute = (database: Database) =>
    database.snapshot
      ? { token: writeBackupToken(config.dataDir), snapshot: database.snapshot, workDir: config.dataDir }
      : undefined;
  // Benchmarks only (bench --stalls): event-loop delay and GC pauses per second, as JSON lines.
  const stallLog = process.env.PARLEY_STALL_LOG;
  const stopStallLog = stallLog ? startStallLog(stallLog) : () => undefined;
  const database = openDatabase(config.database);
  await migrateToLatest(database);
  // The scale-out seam: Redis when configured, so several nodes share fan-out and presence.
  const redis = config.redisUrl;
  // One view of Redis for all its connections: one log line per outage, readiness.
  const redisHealth = redis ? new RedisHealth() : undefined;
  const bus = redis ? new RedisBus(redis, config.redisPrefix, { health: redisHealth }) : new MemoryBus();
  if (bus instanceof RedisBus) await bus.whenReady();
  const presence = redis
    ? new RedisPresence(redis, { prefix: config.redisPrefix, health: redisHealth })
    : new MemoryPresence();
  // Abuse-guard counts are shared by every node when Redis is there.
  const counters = redis ? new RedisCounters(redis, config.redisPrefix, { health: redisHealth }) : new MemoryCounters();
  const lifecycle = createLifecycle();
  const redisCheck = redis ? redisReadiness(redis) : undefined;
  // The Redis bus never rejects a publication (it delivers here and sends on): it counts its own failures.
  const publishFailures = redisHealth ? () => redisHealth.publishFailures : countPublishFailures(bus);
  const app = await buildApp({
    config,
    database,
    clock: systemClock,
    bus,
    presence,
    counters,
    redisHealth,
    mailer: config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : undefined,
    logger: { level: config.logLevel },
    staticDir: fileURLToPath(new URL('../static', import.meta.url)),
    blobs: diskBlobStore(path.join(config.dataDir, 'storage')),
    ops: { lifecycle, readiness: redisCheck ? [redisCheck] : [], publishFailures, backup: backupRoute(database) },
  });

  const shutdown = createShutdown({
    graceMs: config.shutdownGraceMs,
    lifecycle,
    closeApp: () => app.close(),
    cutConnections: () => {
      app.server.closeAllConnections();
      app.services.gateway.terminate();
      for (const ws of app.websocketServer.clients) ws.terminate();
    },
    closeDependencies: async () => {
      await Promise.allSettled([bus.close(), presence.close(), counters.close(), redisCheck?.close()]);
      await database.destroy();
      stopStallLog();
    },
    exit: (code) => process.exit(code),
    log: app.log,
  });
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    { db: config.database.kind, fanout: redis ? 'redis' : 'memory', node: presence.nodeId, webDir: config.webDir },
    `Parley listening on http://${config.host}:${config.port}`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
