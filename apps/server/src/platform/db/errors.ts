/**
 * True when `err` is a unique-constraint violation from either back end: better-sqlite3's
 * `SQLITE_CONSTRAINT_UNIQUE` / `SQLITE_CONSTRAINT_PRIMARYKEY` or PostgreSQL's SQLSTATE 23505.
 * Lets a service turn the loser of a race (two requests inserting the same row) into the
 * business answer the winner already made true, instead of a 502.
 */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
