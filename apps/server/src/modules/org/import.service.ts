import {
  defaultUserSetting,
  formatMsg,
  Role,
  type Lang,
  type MsgKey,
  type MsgParams,
  type OrgImportRow,
} from '@parley/protocol';
import type { Kysely } from 'kysely';
import { nowSeconds, type Clock } from '../../platform/clock';
import { isUniqueViolation, withTx, type DB, type OnCommit, type Tx } from '../../platform/db/index';
import { AppError } from '../../platform/http/errors';
import type { ConfigService } from '../config/index';
import { checkAccount, namePy, usersRepo, type NewUser, type UserRow } from '../users/index';
import { parseImport, toImportRow, type ImportRow } from './import-csv';
import type { Org } from './org.service';

/** Rows per transaction: big enough that 5,000 rows are a few commits, small enough that a retry is cheap. */
const BATCH = 250;

export interface ImportOutcome {
  rows: OrgImportRow[];
  created: number;
  updated: number;
  failed: number;
}

type Planned = ImportRow & { existing?: UserRow };

/**
 * The §18 CSV import: every row checked first (its own fields, duplicates in the file, accounts
 * that exist), then written in batches; a batch that fails as a whole (a concurrent change to an
 * account) is written again row by row, so a bad row leaves nothing behind and costs no other row.
 * One `orgChanged` at the end.
 */
export function createOrgImport(deps: {
  db: Kysely<DB>;
  clock: Clock;
  config: ConfigService;
  org: Org;
  log: (err: unknown) => void;
}) {
  const { db, clock, config, org } = deps;

  async function plan(actor: UserRow, bytes: Buffer): Promise<Planned[]> {
    const { regauth } = (await config.systemInfo()).sysInfo;
    const rows: Planned[] = parseImport(bytes).map((r) =>
      toImportRow(r.cells, r.line, (account) => checkAccount(account, regauth)),
    );
    const firstLine = new Map<string, number>();
    for (const r of rows) {
      if (r.error) continue;
      const seen = firstLine.get(r.account);
      if (seen !== undefined) r.error = { key: 'org.importDuplicate', params: { line: seen } };
      else firstLine.set(r.account, r.line);
    }
    const known = await usersRepo.byAccounts(
      db,
      rows.filter((r) => !r.error).map((r) => r.account),
    );
    for (const r of rows) {
      if (r.error) continue;
      const u = known.get(r.account);
      if (u && u.delete_time !== 0) r.error = { key: 'account.exists' };
      else if (u && u.role === Role.superAdmin && u.id !== actor.id) r.error = { key: 'admin.protectedUser' };
      else if (!u && !r.realname) r.error = { key: 'org.importNoName' };
      else if (u) r.existing = u;
    }
    return rows;
  }

  /** The department of a row, found or made in `tx`; `paths` remembers those of this import. */
  async function departmentOf(tx: Tx, onCommit: OnCommit, r: Planned, paths: Map<string, number>): Promise<number> {
    const key = r.path.join('/');
    let depId = r.path.length ? paths.get(key) : 0;
    if (depId === undefined) {
      depId = (await org.ensurePath(r.path, { tx, onCommit })).id;
      paths.set(key, depId);
    }
    return depId;
  }

  function newUser(r: Planned, depId: number): NewUser {
    const now = nowSeconds(clock);
    return {
      account: r.account,
      realname: r.realname,
      name_py: namePy(r.realname),
      // No usable local password (as single sign-on's accounts): sign-in by code, reset or SSO.
      password_hash: '',
      email: r.email,
      setting: JSON.stringify(defaultUserSetting),
      dep_id: depId,
      position: r.position,
      create_time: now,
      update_time: now,
    };
  }

  /**
   * Rows in `tx`: existing people updated one by one, new people inserted in one statement (a
   * round trip per row made 5,000 rows take half a minute on PostgreSQL).
   */
  async function writeRows(tx: Tx, onCommit: OnCommit, rows: Planned[], paths: Map<string, number>) {
    const fresh: NewUser[] = [];
    for (const r of rows) {
      const depId = await departmentOf(tx, onCommit, r, paths);
      if (r.existing) await org.setUserOrg(r.existing.id, { dep_id: depId, position: r.position }, { tx, onCommit });
      else fresh.push(newUser(r, depId));
    }
    await usersRepo.insertUsers(tx, fresh);
    return rows.map((r) => (r.existing ? ('updated' as const) : ('created' as const)));
  }

  function failure(err: unknown): { key: MsgKey; params?: MsgParams } {
    if (err instanceof AppError) return { key: err.msgKey, params: err.params };
    if (isUniqueViolation(err)) return { key: 'account.exists' };
    deps.log(err);
    return { key: 'common.serverError', params: { id: 'import' } };
  }

  return {
    async run(actor: UserRow, bytes: Buffer, preview: boolean, lang: Lang): Promise<ImportOutcome> {
      const rows = await plan(actor, bytes);
      const results = new Map<number, OrgImportRow>();
      const answer = (r: Planned, result: OrgImportRow['result'], error?: { key: MsgKey; params?: MsgParams }) =>
        results.set(r.line, {
          line: r.line,
          account: r.account,
          result,
          msg: error ? formatMsg(error.key, lang, error.params) : '',
        });
      for (const r of rows) if (r.error) answer(r, 'error', r.error);
      const good = rows.filter((r) => !r.error);
      if (preview) {
        for (const r of good) answer(r, r.existing ? 'updated' : 'created');
      } else {
        let paths = new Map<string, number>();
        for (let i = 0; i < good.length; i += BATCH) {
          const batch = good.slice(i, i + BATCH);
          try {
            const done = await withTx(db, (tx, onCommit) => writeRows(tx, onCommit, batch, paths));
            batch.forEach((r, k) => answer(r, done[k] ?? 'error'));
          } catch {
            // Departments made in the rolled-back batch are gone: find them again.
            paths = new Map();
            for (const r of batch) {
              try {
                const [result] = await withTx(db, (tx, onCommit) => writeRows(tx, onCommit, [r], paths));
                answer(r, result ?? 'error');
              } catch (err) {
                paths = new Map();
                answer(r, 'error', failure(err));
              }
            }
          }
        }
      }
      const out = rows.map((r) => results.get(r.line) as OrgImportRow);
      const count = (k: OrgImportRow['result']) => out.filter((r) => r.result === k).length;
      const outcome = { rows: out, created: count('created'), updated: count('updated'), failed: count('error') };
      if (!preview && outcome.created + outcome.updated > 0) await org.announce();
      return outcome;
    },
  };
}

export type OrgImport = ReturnType<typeof createOrgImport>;
