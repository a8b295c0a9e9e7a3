import { adminDate, type AuditRow } from '@parley/protocol';
import type { Kysely } from 'kysely';
import { nowSeconds, type Clock } from '../../platform/clock';
import type { DB } from '../../platform/db/index';
import type { UserRow, UsersService } from '../users/index';
import * as repo from './audit.repo';

export interface AuditEntry {
  action: string;
  targetType?: string;
  targetId?: string | number;
  detail?: Record<string, unknown>;
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
