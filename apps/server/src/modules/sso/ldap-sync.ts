import type { LdapSettings, LdapSyncResult, MsgKey } from '@parley/protocol';
import type { Kysely } from 'kysely';
import { nowSeconds, type Clock } from '../../platform/clock';
import type { DB } from '../../platform/db/index';
import { AppError } from '../../platform/http/errors';
import type { Timers } from '../../platform/timers';
import type { ConfigService } from '../config/index';
import type { Org } from '../org/index';
import type { Directory } from './ldap-directory';
import { ldapFailure, withLdap, type LdapLog } from './ldap-client';
import * as repo from './sso.repo';

/**
 * Directory sync of §19: `/manage/org/syncLdap` and every `syncHours`, on one node of many. The
 * schedule is kept by the last run's time (stored with its result, so every node and the console
 * see it); the node that takes the short `ldapSync` lease when a run is due does it, and a run of
 * any kind holds `ldapSyncRun` while it works, so two never overlap (the second answers
 * `ldap.busy`). Users are created and updated, and disabled when they leave the directory (never
 * deleted).
 */

/** The config-table row of the last run (any node's). */
const STATUS_NAME = 'ldapSync';
const SCHEDULE_LEASE = 'ldapSync';
const RUN_LEASE = 'ldapSyncRun';
/** A run's lease lapses after this long even if its node died mid-run. */
const RUN_LEASE_S = 15 * 60;
/** How often each node looks whether a scheduled run is due. */
const TICK_MS = 60_000;

export interface StoredSyncStatus {
  time: number;
  ok: 0 | 1;
  result: LdapSyncResult | null;
  error: MsgKey | '';
}

export interface LdapSyncDeps {
  db: Kysely<DB>;
  clock: Clock;
  timers: Timers;
  config: Pick<ConfigService, 'sso' | 'raw' | 'set'>;
  org: Pick<Org, 'announce'>;
  directory: Directory;
  nodeId: string;
  leases: {
    take(db: Kysely<DB>, name: string, holder: string, now: number, until: number): Promise<boolean>;
    release(db: Kysely<DB>, name: string, holder: string): Promise<void>;
  };
  /** Status 0 signs the user out everywhere (as the admin's setStatus does); 1 lets them in again. */
  setStatus(userId: number, status: 0 | 1): Promise<void>;
  log: LdapLog & { info(obj: object, msg: string): void; error(obj: unknown, msg?: string): void };
}

export function configured(s: LdapSettings): boolean {
  return s.status === 1 && !!s.url && !!s.baseDN;
}

export function createLdapSync(deps: LdapSyncDeps) {
  const { db, clock, config, directory, log } = deps;

  async function status(): Promise<StoredSyncStatus | undefined> {
    const raw = (await config.raw(STATUS_NAME)) as StoredSyncStatus | undefined;
    return raw && typeof raw.time === 'number' ? raw : undefined;
  }

  /** The work of one run, with the settings of its start. */
  async function work(s: LdapSettings): Promise<LdapSyncResult> {
    const entries = await withLdap(s, log, async (c) => {
      await c.bindService();
      return c.people();
    });
    const links = await repo.directoryLinks(db);
    // A search that finds nobody while people are linked is a broken filter or base DN far more
    // often than an empty company: nobody is disabled on its word.
    if (entries.length === 0 && links.some((l) => l.present === 1)) throw new AppError(400, 'ldap.searchFailed');
    const result: LdapSyncResult = { created: 0, updated: 0, disabled: 0, departments: 0 };
    const paths = new Map<string, number>();
    const seen = new Set<number>();
    for (const e of entries) {
      const r = await directory.upsert(s, e, paths);
      if (r.kind === 'skipped') continue;
      seen.add(r.user.id);
      result.departments += r.departments;
      if (r.kind === 'created') result.created += 1;
      if (r.kind === 'updated') result.updated += 1;
      if (r.comesBack) await deps.setStatus(r.user.id, 1);
    }
    const now = nowSeconds(clock);
    for (const l of links) {
      if (l.present !== 1 || seen.has(l.user_id)) continue;
      await repo.markDirectoryGone(db, l.user_id, now);
      await deps.setStatus(l.user_id, 0);
      result.disabled += 1;
    }
    if (result.created + result.updated + result.departments > 0) await deps.org.announce();
    return result;
  }

  /** One run under the run lease; its outcome is stored for the console whether it worked or not. */
  async function sync(): Promise<LdapSyncResult> {
    const s = (await config.sso()).ldap;
    if (!configured(s)) throw new AppError(400, 'ldap.notConfigured');
    const now = nowSeconds(clock);
    if (!(await deps.leases.take(db, RUN_LEASE, deps.nodeId, now, now + RUN_LEASE_S)))
      throw new AppError(400, 'ldap.busy');
    try {
      const result = await work(s);
      await config.set(STATUS_NAME, { time: nowSeconds(clock), ok: 1, result, error: '' } satisfies StoredSyncStatus);
      log.info({ ldapSync: result }, 'directory sync done');
      return result;
    } catch (err) {
      const error = ldapFailure(err, 'search');
      if (!(err instanceof AppError)) log.error(err, 'directory sync failed');
      await config.set(STATUS_NAME, { time: nowSeconds(clock), ok: 0, result: null, error } satisfies StoredSyncStatus);
      throw err instanceof AppError ? err : new AppError(400, error);
    } finally {
      await deps.leases.release(db, RUN_LEASE, deps.nodeId);
    }
  }

  /** Unix seconds of the next scheduled run; 0 when the sync is off. */
  async function nextRun(): Promise<number> {
    const s = (await config.sso()).ldap;
    if (!configured(s)) return 0;
    const last = await status();
    return last ? last.time + s.syncHours * 3600 : nowSeconds(clock);
  }

  /** A scheduled run when one is due and this node takes the schedule's lease. */
  async function runIfDue(): Promise<boolean> {
    const now = nowSeconds(clock);
    const next = await nextRun();
    if (next === 0 || next > now) return false;
    // Held a few minutes: the winner's run stores its time, after which nobody finds it due.
    if (!(await deps.leases.take(db, SCHEDULE_LEASE, deps.nodeId, now, now + 300))) return false;
    try {
      await sync();
    } catch (err) {
      // Stored for the console by sync(); a run already going is no failure of this one.
      if (!(err instanceof AppError)) log.error(err, 'scheduled directory sync failed');
    }
    return true;
  }

  let busy = false;
  const stop = deps.timers.every(TICK_MS, () => {
    if (busy) return;
    busy = true;
    void runIfDue()
      .catch((err: unknown) => log.error(err, 'directory sync schedule failed'))
      .finally(() => {
        busy = false;
      });
  });

  return { sync, status, nextRun, runIfDue, stop };
}

export type LdapSync = ReturnType<typeof createLdapSync>;
