import Database from 'better-sqlite3';

/**
 * SQLite files outside a server (`npm run backup` / `restore`, cli/): the only other place that
 * opens one, as this folder is the only one that opens database connections.
 */

/** Whether an error is SQLite's "another connection holds the file" (a running server's lock). */
export const isLockedError = (err: unknown): boolean => {
  const code = (err as { code?: string }).code ?? '';
  return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED');
};

/** A consistent copy of `file` at `dest` with the online backup API (throws when it is locked). */
export async function copySqliteFile(file: string, dest: string): Promise<void> {
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 2000');
    await db.backup(dest);
  } finally {
    db.close();
  }
}

/** SQLite's own check of a file: the problems it names, none when it is sound. */
export function quickCheck(file: string): string[] {
  // Read-write, so that closing it removes the -wal and -shm files a WAL database gets on opening.
  const db = new Database(file, { fileMustExist: true });
  try {
    const rows = db.pragma('quick_check') as Array<{ quick_check: string }>;
    return rows.map((r) => r.quick_check).filter((r) => r !== 'ok');
  } finally {
    db.close();
  }
}
