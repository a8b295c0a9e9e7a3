import fs from 'node:fs';
import path from 'node:path';
import { DATABASE_ENTRY, extractArchive, readManifest } from '../platform/backup/archive';
import { cliConfig, fromInvocation, pgDumpBeside } from './common';
import { checkCopy } from './copy-database';
import { CliError, cliText, runCli } from './messages';

/**
 * `npm run restore -- <file>`: an archive of `npm run backup` into an empty PARLEY_DATA_DIR
 * (docs/deployment.md, restores). Never into a directory that holds anything: a restore over an
 * installation would mix two of them (files of one, database of the other) beyond repair.
 */

/** What the directory holds, for the refusal ('' when it is empty or absent). */
function contentsOf(dir: string): string {
  if (!fs.existsSync(dir)) return '';
  const entries = fs.readdirSync(dir);
  const shown = entries.slice(0, 3).join(', ');
  return entries.length > 3 ? `${shown}, … (${entries.length})` : shown;
}

async function restore(): Promise<void> {
  const arg = process.argv[2];
  if (!arg) throw new CliError('usageRestore');
  const config = cliConfig();
  const file = fromInvocation(arg);
  if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) throw new CliError('notFound', { file });
  const dir = config.dataDir;
  const held = contentsOf(dir);
  if (held) throw new CliError('notEmpty', { dir, entries: held });
  const manifest = await readManifest(file);
  if (!manifest) throw new CliError('notABackup', { file });
  const pg = config.database.kind === 'postgres';
  if (manifest.database === 'sqlite' && pg) throw new CliError('sqliteButPg');
  if (manifest.database === 'postgres' && !pg) throw new CliError('pgButSqlite');

  fs.mkdirSync(dir, { recursive: true });
  try {
    await extractArchive(file, dir);
    if (manifest.database === 'sqlite') checkCopy(path.join(dir, DATABASE_ENTRY));
  } catch (err) {
    // The directory was empty: what a failed restore wrote goes, so it can be tried again.
    for (const e of fs.readdirSync(dir)) fs.rmSync(path.join(dir, e), { recursive: true, force: true });
    throw err;
  }
  const params = { dir, files: manifest.storedFiles };
  if (manifest.database === 'sqlite') console.log(cliText('restoredSqlite', params));
  else {
    console.log(cliText('restoredFiles', params));
    console.log(cliText('pgRestoreStep', { dump: pgDumpBeside(file) }));
  }
}

runCli(restore);
