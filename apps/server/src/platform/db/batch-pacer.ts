/**
 * When the next batch of a group commit starts (SQLite's group-commit.ts and PostgreSQL's
 * pg-send-batch.ts): a batch of sends costs a commit and a sync of the log to disk whatever its
 * size, so under load the batches should be full, and on a quiet server a send should not wait.
 *
 * - Idle (the last batch started at least `maxIntervalMs` ago): at once, on `setImmediate`, after
 *   the requests already read this turn have joined.
 * - Busy (the last batch carried two units or more: several callers at once): once `minIntervalMs`
 *   have passed since the last batch started if `fullBatch` units are waiting, else once
 *   `maxIntervalMs` have passed, or earlier as soon as the queue fills.
 * - One caller at a time (the last batch carried one unit: a person's next action, an import that
 *   writes row after row and waits for each): `minIntervalMs` after the last start, as before the
 *   pacing. Held to `maxIntervalMs`, such a caller would wait about 18 ms a write.
 *
 * Why both bounds: a batch costs the SQLite server about 0.4 ms of CPU whatever its size (the
 * commit, the sync's hand-off to the thread pool and the disk's completion, the wake-ups around
 * them), a send's own work about 0.12 ms. Batches 5 ms apart carried 4–5 sends at 1,000 msg/s, so
 * the batch was a third of a send's cost, and about 20 at 4,000, where waiting longer only
 * lengthens the answers (20 ms apart: p99 82 against 23 ms in one run). Waiting up to 20 ms for 16
 * sends took the CPU a send at 1,000 msg/s from 0.30–0.33 to 0.22–0.28 ms on SQLite and
 * PostgreSQL's from 0.34–0.35 to 0.20–0.22 ms, for about 7 ms more to a send's median at that rate
 * and nothing at 4,000 (docs/performance.md, "The fixed part at low rates").
 */
export interface BatchPacing {
  /** Least time between two batch starts, in ms. */
  minIntervalMs: number;
  /** Longest a waiting unit is held for a fuller batch, counted from the last start, in ms. */
  maxIntervalMs: number;
  /** Units that make a batch worth starting after `minIntervalMs`. */
  fullBatch: number;
}

export const DEFAULT_PACING: BatchPacing = { minIntervalMs: 5, maxIntervalMs: 20, fullBatch: 16 };

export class BatchPacer {
  private lastStart = -Infinity;
  /** Units waiting at the last poke, and so when a batch starts, the units it takes. */
  private queued = 0;
  /** Whether the last batch took two units or more. */
  private concurrent = false;
  private armed: 'immediate' | 'timer' | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** When the armed timer fires (performance.now()). */
  private dueAt = Infinity;
  private readonly pacing: BatchPacing;

  /** `start` runs the batch; it is called at most once per arming, and the clock of `lastStart` starts then. */
  constructor(
    private readonly start: () => void,
    pacing: Partial<BatchPacing> = {},
  ) {
    const p = { ...DEFAULT_PACING, ...pacing };
    const min = Math.max(0, p.minIntervalMs);
    this.pacing = {
      minIntervalMs: min,
      maxIntervalMs: Math.max(min, p.maxIntervalMs),
      fullBatch: Math.max(1, p.fullBatch),
    };
  }

  /**
   * The queue holds `queued` units and no batch runs: start one now or later. Called when a unit
   * joins and when a batch ends; a call while one is armed only brings it forward.
   */
  poke(queued: number): void {
    this.queued = queued;
    if (queued <= 0 || this.armed === 'immediate') return;
    const { minIntervalMs, maxIntervalMs, fullBatch } = this.pacing;
    const now = performance.now();
    const hold = this.concurrent && queued < fullBatch;
    const dueAt = this.lastStart + (hold ? maxIntervalMs : minIntervalMs);
    if (dueAt <= now) {
      clearTimeout(this.timer);
      this.armed = 'immediate';
      setImmediate(this.fire);
    } else if (dueAt < this.dueAt) {
      clearTimeout(this.timer);
      this.armed = 'timer';
      this.dueAt = dueAt;
      this.timer = setTimeout(this.fire, dueAt - now);
    }
  }

  private readonly fire = (): void => {
    this.armed = undefined;
    this.timer = undefined;
    this.dueAt = Infinity;
    this.lastStart = performance.now();
    this.concurrent = this.queued >= 2;
    this.start();
  };
}
