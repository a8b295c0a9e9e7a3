import type { Kysely } from 'kysely';
import { withTx, type DB } from '../../platform/db/index';
import { backfillMark, backfillStep } from './search-index.repo';

/** Rows per backfill transaction: small enough that sends are never held up for long. */
const BATCH = 1000;

/**
 * Indexes the messages stored before the search index existed (migration 0011), newest first,
 * one batch per transaction, yielding to the event loop between batches so requests go on.
 * Returns a stop function and a promise that settles when the work is done or stopped.
 */
export function startIndexBackfill(
  db: Kysely<DB>,
  log: (err: unknown) => void,
): { stop: () => void; done: Promise<void> } {
  let stopped = false;
  const done = (async () => {
    try {
      let below = await backfillMark(db);
      while (below > 0 && !stopped) {
        const from = below;
        below = await withTx(db, (tx) => backfillStep(tx, from, BATCH), log);
        await new Promise((r) => setImmediate(r));
      }
    } catch (err) {
      if (!stopped) log(err);
    }
  })();
  return { stop: () => void (stopped = true), done };
}
