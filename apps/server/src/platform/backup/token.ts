import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The secret that lets `npm run backup` ask the running server for a copy of its SQLite database
 * (ops/backup-route.ts). A new one at every start, in the data directory, readable by its owner
 * only: whoever may read the data directory (and so back it up) may take the database too, and
 * nobody else on the host — loopback alone would let any local account read every message.
 */
export const backupTokenFile = (dataDir: string): string => path.join(dataDir, 'backup.token');

export function writeBackupToken(dataDir: string): string {
  const token = randomBytes(32).toString('hex');
  fs.mkdirSync(dataDir, { recursive: true });
  const file = backupTokenFile(dataDir);
  fs.rmSync(file, { force: true }); // a file of another owner or mode is replaced, not reused
  fs.writeFileSync(file, token, { mode: 0o600, flag: 'wx' });
  return token;
}

/** The running server's token, or undefined when none was written (no server started here). */
export function readBackupToken(dataDir: string): string | undefined {
  try {
    return fs.readFileSync(backupTokenFile(dataDir), 'utf8').trim() || undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}
