import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { copySqliteFile, isLockedError, quickCheck } from '../platform/db/sqlite-copy';
import { CliError } from './messages';
import { readBackupToken } from '../platform/backup/token';

export interface SqliteInstallation {
  dataDir: string;
  /** The database file (`<PARLEY_DATA_DIR>/parley.sqlite`). */
  file: string;
  /** HOST and PORT the server of this data directory listens on. */
  host: string;
  port: number;
}

/** Where this host reaches the server: a wildcard listener is reached on loopback. */
export function serverUrl(host: string, port: number): string {
  const h = host === '0.0.0.0' || host === '' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${h.includes(':') ? `[${h}]` : h}:${port}`;
}

const unreachable = (err: unknown) => {
  const code = (err as { cause?: { code?: string } }).cause?.code;
  return code === 'ECONNREFUSED' || code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND';
};

/**
 * A consistent copy of the SQLite database at `dest`. The running server holds its file with an
 * EXCLUSIVE lock (platform/db), so it is asked for the copy (`GET /backup/database`, with the
 * token it left in the data directory); when no server answers, the file is free and copied here
 * with the same online backup API. Answers how the copy was made.
 */
export async function copyDatabase(i: SqliteInstallation, dest: string): Promise<'online' | 'offline'> {
  if (!fs.existsSync(i.file)) throw new CliError('noDatabase', { db: i.file, dir: i.dataDir });
  const url = serverUrl(i.host, i.port);
  const token = readBackupToken(i.dataDir);
  if (token) {
    let res: Response | undefined;
    try {
      res = await fetch(`${url}/backup/database`, { headers: { authorization: `Bearer ${token}` } });
    } catch (err) {
      if (!unreachable(err)) throw err;
    }
    if (res) {
      if (res.status === 403 || res.status === 404)
        throw new CliError('refused', { url, status: res.status, dir: i.dataDir });
      if (!res.ok || !res.body)
        throw new CliError('serverFailed', { url, detail: `${res.status} ${(await res.text()).slice(0, 300)}` });
      await pipeline(
        Readable.fromWeb(res.body as import('node:stream/web').ReadableStream),
        fs.createWriteStream(dest),
      );
      return 'online';
    }
  }
  // No server answered: the file is ours to read, unless a server holds it after all.
  try {
    await copySqliteFile(i.file, dest);
    return 'offline';
  } catch (err) {
    if (isLockedError(err)) throw new CliError('serverSilent', { db: i.file, url });
    throw err;
  }
}

/** SQLite's own check of the copy: a backup is only written when it passes. */
export function checkCopy(file: string): void {
  const problems = quickCheck(file);
  if (problems.length > 0) throw new CliError('copyBroken', { detail: problems.slice(0, 3).join('; ') });
}
