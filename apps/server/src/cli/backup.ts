import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DATABASE_ENTRY, writeArchive } from '../platform/backup/archive';
import { cliConfig, fromInvocation, pgDumpBeside } from './common';
import { checkCopy, copyDatabase } from './copy-database';
import { CliError, cliText, runCli } from './messages';

/**
 * `npm run backup -- <file>`: one archive of a running installation, without stopping it
 * (docs/deployment.md, backups). SQLite: the database, copied online, then the stored files (in
 * that order: a file the copy names was stored before it). PostgreSQL: the stored files, and the
 * pg_dump step to run with them.
 */

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} kB`;

async function backup(): Promise<void> {
  const arg = process.argv[2];
  if (!arg) throw new CliError('usageBackup');
  const config = cliConfig();
  const file = fromInvocation(arg);
  if (fs.existsSync(file)) throw new CliError('exists', { file });
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-backup-'));
  try {
    let how: 'online' | 'offline' | undefined;
    if (config.database.kind === 'sqlite') {
      const copy = path.join(workDir, DATABASE_ENTRY);
      how = await copyDatabase(
        { dataDir: config.dataDir, file: config.database.file, host: config.host, port: config.port },
        copy,
      );
      checkCopy(copy);
    }
    const manifest = await writeArchive(file, {
      workDir,
      dataDir: config.dataDir,
      database: config.database.kind === 'sqlite' ? 'sqlite' : 'postgres',
    });
    const params = { file, size: size(fs.statSync(file).size), files: manifest.storedFiles };
    const key = how === 'online' ? 'backedUpOnline' : how === 'offline' ? 'backedUpOffline' : 'backedUpFiles';
    console.log(cliText(key, params));
    if (!how) console.log(cliText('pgDumpStep', { dump: pgDumpBeside(file) }));
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

runCli(backup);
