import type { Clock } from '../../platform/clock';
import { nowSeconds } from '../../platform/clock';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';
import type { Timers } from '../../platform/timers';
import type { ConfigService } from '../config/index';
import * as leases from './leases.repo';

/** Rows per transaction: small enough that no batch holds the write lock for long. */
export const PURGE_BATCH = 500;
const LEASE = 'msgPurge';
/** The hour (server local time) of the nightly purge (§12.1 chatInfo.msgClear). */
export const PURGE_HOUR = 2;

export interface PurgeDeps {
  db: Kysely<DB>;
  clock: Clock;
  timers: Timers;
  config: Pick<ConfigService, 'systemInfo'>;
  nodeId: string;
  purgeBatch(beforeMs: number, limit: number): Promise<{ count: number; fileIds: number[] }>;
  dropUnusedFiles(fileIds: number[]): Promise<number>;
  log: { info(obj: object, msg: string): void; error(obj: unknown, msg?: string): void };
}

export interface PurgeResult {
  ran: boolean;
  messages: number;
  files: number;
  batches: number;
}

/**
 * The nightly purge of `chatInfo.msgClear` / `msgClearDay`: at 02:00 one node of many (the one
 * that takes the night's lease in the database) deletes one-to-one and group messages older than
 * `msgClearDay` days, batch by batch, and the files no remaining message uses.
 */
export function createPurge(deps: PurgeDeps) {
  const { clock } = deps;
  const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

  /** Deletes in batches; each is its own short transaction, and other work runs in between. */
  async function purge(): Promise<PurgeResult> {
    const { chatInfo } = await deps.config.systemInfo();
    if (chatInfo.msgClear !== 1) return { ran: false, messages: 0, files: 0, batches: 0 };
    const before = clock.now() - Math.max(chatInfo.msgClearDay, 1) * 86_400_000;
    const result: PurgeResult = { ran: true, messages: 0, files: 0, batches: 0 };
    for (;;) {
      const batch = await deps.purgeBatch(before, PURGE_BATCH);
      if (batch.count === 0) break;
      result.batches++;
      result.messages += batch.count;
      result.files += await deps.dropUnusedFiles(batch.fileIds);
      if (batch.count < PURGE_BATCH) break;
      await yieldToOthers();
    }
    deps.log.info(
      { purge: result, olderThanDays: chatInfo.msgClearDay },
      `message purge: ${result.messages} messages and ${result.files} files deleted in ${result.batches} batches`,
    );
    return result;
  }

  /** Runs the purge when this node takes the lease (held ~20 h, so once a night among all nodes). */
  async function runIfLeader(): Promise<PurgeResult> {
    if ((await deps.config.systemInfo()).chatInfo.msgClear !== 1)
      return { ran: false, messages: 0, files: 0, batches: 0 };
    const now = nowSeconds(clock);
    if (!(await leases.take(deps.db, LEASE, deps.nodeId, now, now + 20 * 3600)))
      return { ran: false, messages: 0, files: 0, batches: 0 };
    return purge();
  }

  let busy = false;
  const stop = deps.timers.every(60_000, () => {
    if (busy || new Date(clock.now()).getHours() !== PURGE_HOUR) return;
    busy = true;
    void runIfLeader()
      .catch((err: unknown) => deps.log.error(err, 'message purge failed'))
      .finally(() => {
        busy = false;
      });
  });

  return { purge, runIfLeader, stop };
}
export type Purge = ReturnType<typeof createPurge>;
