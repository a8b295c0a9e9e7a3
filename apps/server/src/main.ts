import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadConfig } from './config';
import { systemClock } from './platform/clock';
import { migrateToLatest, openDatabase } from './platform/db/index';
import { smtpMailer } from './platform/mail/index';

/** The only place that reads the environment, opens the database and listens. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.database);
  await migrateToLatest(database);
  const app = await buildApp({
    config,
    database,
    clock: systemClock,
    mailer: config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : undefined,
    logger: { level: config.logLevel },
    staticDir: fileURLToPath(new URL('../static', import.meta.url)),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await database.destroy();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    { db: config.database.kind, webDir: config.webDir },
    `Parley listening on http://${config.host}:${config.port}`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
