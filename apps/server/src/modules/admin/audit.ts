import { adminDate, type AuditRow } from '@parley/protocol';
import type { Kysely } from 'kysely';
import { nowSeconds, type Clock } from '../../platform/clock';
import type { DB } from '../../platform/db/index';
import { AppError } from '../../platform/http/errors';
import type { UserRow, UsersService } from '../users/index';
import * as repo from './audit.repo';

export interface AuditEntry {
  action: string;
  targetType?: string;
  targetId?: string | number;
  detail?: Record<string, unknown>;
}

/** What a `/manage` write names in the audit log when refused: the target, never the values sent (passwords). */
export function refusalEntry(path: string, p: unknown): AuditEntry {
  const q = (p ?? {}) as Record<string, unknown>;
  const action = path.replace(/^\/manage\//, '').replace('/', '.');
  for (const [key, targetType] of [
    ['user_id', 'user'],
    ['group_id', 'group'],
    ['id', 'message'],
    ['name', 'config'],
  ] as const) {
    const v = q[key];
    if (typeof v === 'number' || (typeof v === 'string' && v !== '')) return { action, targetType, targetId: v };
  }
  return { action };
}

/**
 * Runs a `/manage` write. A refusal (a translated 400: not an admin, super-administrators only,
 * demo mode, a protected user...) is written to the audit log before it is answered, so probing
 * leaves a trace (issue 36 #4); the answer itself is unchanged.
 */
export async function auditRefusals<T>(
  audit: Audit | undefined,
  actor: UserRow,
  ip: string,
  entry: AuditEntry,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError && audit) {
      const refused = { ...entry, detail: { ...entry.detail, refused: err.msgKey } };
      // A failing log write (a full disk) must not replace the refusal the caller is owed.
      await audit.record(actor, ip, refused).catch(() => undefined);
    }
    throw err;
  }
}

/** Who did what to what, when (the audit log the super-administrator reads). */
export function createAudit(deps: { db: Kysely<DB>; clock: Clock; users: UsersService }) {
  const { db, clock } = deps;
  return {
    async record(actor: UserRow, ip: string, e: AuditEntry): Promise<void> {
      await repo.insert(db, {
        actor_id: actor.id,
        action: e.action,
        target_type: e.targetType ?? '',
        target_id: e.targetId === undefined ? '' : String(e.targetId),
        detail: e.detail ? JSON.stringify(e.detail).slice(0, 2000) : '',
        ip,
        create_time: nowSeconds(clock),
      });
    },

    async list(
      f: { action: string; actorId?: number },
      page: number,
      limit: number,
    ): Promise<{ data: AuditRow[]; count: number }> {
      const { rows, count } = await repo.list(db, f, (page - 1) * limit, limit);
      const actors = new Map<number, UserRow | undefined>();
      for (const id of new Set(rows.map((r) => r.actor_id))) actors.set(id, await deps.users.get(id));
      const data = rows.map((r): AuditRow => {
        const a = actors.get(r.actor_id);
        let detail: Record<string, unknown>;
        try {
          detail = r.detail ? (JSON.parse(r.detail) as Record<string, unknown>) : {};
        } catch {
          detail = {};
        }
        return {
          id: r.id,
          actor_id: r.actor_id,
          actor: a ? { realname: a.realname, account: a.account } : null,
          action: r.action,
          target_type: r.target_type,
          target_id: r.target_id,
          detail,
          ip: r.ip,
          create_time: adminDate(r.create_time),
        };
      });
      return { data, count };
    },
  };
}
export type Audit = ReturnType<typeof createAudit>;
