import { parse } from 'csv-parse/sync';
import { orgImportColumns, orgLimits, type MsgKey, type MsgParams } from '@parley/protocol';
import { AppError } from '../../platform/http/errors';
import { checkEmail, checkRealname } from '../users/index';
import { checkPosition, departmentName } from './org.service';

/**
 * The pure half of the §18 CSV import: bytes → rows with their line numbers, and each row's own
 * checks (nothing that needs the database). A failed check is kept on the row, not thrown, so
 * every other row still goes in.
 */

export interface ImportRow {
  line: number;
  account: string;
  realname: string;
  email: string;
  /** The department path's levels (`研发部/前端组` → two); [] = no department. */
  path: string[];
  position: string;
  /** The row's first failed check, if any. */
  error?: { key: MsgKey; params?: MsgParams };
}

const HEADER = orgImportColumns.join(',');

/** Parses the file; file-level faults (encoding, header, size) throw AppError for the whole answer. */
export function parseImport(bytes: Buffer): Array<{ cells: string[]; line: number }> {
  if (bytes.length > orgLimits.importFileBytes) {
    throw new AppError(400, 'org.importTooMany', { max: orgLimits.importRowsMax });
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError(400, 'org.importBadFile');
  }
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch {
    throw new AppError(400, 'org.importBadFile');
  }
  const [head, ...rows] = records;
  const names = (head?.record ?? []).map((c) => c.trim().toLowerCase());
  if (names.join(',') !== HEADER) throw new AppError(400, 'org.importHeader', { header: HEADER });
  if (rows.length > orgLimits.importRowsMax)
    throw new AppError(400, 'org.importTooMany', { max: orgLimits.importRowsMax });
  return rows.map((r) => ({ cells: r.record, line: r.info.lines }));
}

/** A record's fields and its own checks; `checkAccount` is the site's account rule (regauth). */
export function toImportRow(cells: string[], line: number, checkAccount: (account: string) => void): ImportRow {
  const [account = '', realname = '', email = '', department = '', position = ''] = cells.map((c) => c.trim());
  const row: ImportRow = { line, account, realname, email, path: [], position };
  try {
    checkAccount(account);
    if (realname) checkRealname(realname);
    checkEmail(email);
    row.path = department
      .split('/')
      .map((s) => s.trim())
      .filter((s) => s !== '')
      .map(departmentName);
    if (row.path.length > orgLimits.depthMax) throw new AppError(400, 'org.tooDeep', { max: orgLimits.depthMax });
    row.position = checkPosition(position);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    row.error = { key: err.msgKey, params: err.params };
  }
  return row;
}
