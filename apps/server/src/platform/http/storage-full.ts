/**
 * Whether a fault is the server running out of storage: the file system's ENOSPC (no space) or
 * EDQUOT (quota reached), SQLite's SQLITE_FULL (its VFS turns ENOSPC into that) or PostgreSQL's
 * SQLSTATE 53100 disk_full. Such a fault is still a 502, but one an administrator can act on, so
 * the user is told what it is rather than "something went wrong" (issue 19).
 */
const fullCodes = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);

export function isStorageFull(err: unknown): boolean {
  // A wrapped error names its origin in `cause`; a few levels are plenty, and a cycle ends here.
  let e: unknown = err;
  for (let depth = 0; depth < 5 && typeof e === 'object' && e !== null; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && fullCodes.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
