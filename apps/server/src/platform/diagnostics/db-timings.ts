/**
 * The database's share of each second for the stall log (issue 23): group-commit batch sizes, how
 * long a batch's statements held the event loop, the WAL syncs a batch waited for, checkpoint
 * copies (on the event loop) and their database-file syncs. Off unless the stall log turns it
 * on: then every record is two `performance.now()` calls; off, a record is one test.
 */
export interface DbSecond {
  /** Group-commit batches that committed, their units (sends) in all and in the largest. */
  batches: number;
  units: number;
  unitsMax: number;
  /** Event-loop time of the batches' statements and COMMITs (the loop does nothing else then). */
  runMs: number;
  runMaxMs: number;
  /** WAL `fdatasync`s on the thread pool: how many, total and longest (batches wait, the loop does not). */
  syncs: number;
  syncMs: number;
  syncMaxMs: number;
  /** Checkpoint copies (on the event loop) and the database-file syncs after them (thread pool). */
  checkpoints: number;
  copyMs: number;
  copyMaxMs: number;
  fileSyncMs: number;
  fileSyncMaxMs: number;
  /** How long group batches waited for a checkpoint's file sync before they could start (units gather). */
  gateMs: number;
  gateMaxMs: number;
  /** Writes that had to sync the database file on the event loop first (`Checkpointer.beforeWrite`). */
  blockingSyncMs: number;
  /**
   * The longest a unit (a send) spent in group commit, from joining the queue to its caller being
   * answered: queueing, its batch, the WAL sync and its onCommit callbacks (the pushes).
   */
  unitMaxMs: number;
}

const empty = (): DbSecond => ({
  batches: 0,
  units: 0,
  unitsMax: 0,
  runMs: 0,
  runMaxMs: 0,
  syncs: 0,
  syncMs: 0,
  syncMaxMs: 0,
  checkpoints: 0,
  copyMs: 0,
  copyMaxMs: 0,
  fileSyncMs: 0,
  fileSyncMaxMs: 0,
  gateMs: 0,
  gateMaxMs: 0,
  blockingSyncMs: 0,
  unitMaxMs: 0,
});

let current: DbSecond | undefined;

/** True while the stall log listens; callers skip their clock reads otherwise. */
export const dbTimingsOn = (): boolean => current !== undefined;

/** Turns recording on; the stall log takes each second's figures with `takeDbSecond`. */
export function enableDbTimings(): () => void {
  current = empty();
  return () => {
    current = undefined;
  };
}

/** This second's figures, rounded, and a fresh start for the next (undefined when off). */
export function takeDbSecond(): DbSecond | undefined {
  if (!current) return undefined;
  const s = current;
  current = empty();
  const r = (ms: number) => Math.round(ms * 100) / 100;
  return {
    ...s,
    runMs: r(s.runMs),
    runMaxMs: r(s.runMaxMs),
    syncMs: r(s.syncMs),
    syncMaxMs: r(s.syncMaxMs),
    copyMs: r(s.copyMs),
    copyMaxMs: r(s.copyMaxMs),
    fileSyncMs: r(s.fileSyncMs),
    fileSyncMaxMs: r(s.fileSyncMaxMs),
    gateMs: r(s.gateMs),
    gateMaxMs: r(s.gateMaxMs),
    blockingSyncMs: r(s.blockingSyncMs),
    unitMaxMs: r(s.unitMaxMs),
  };
}

export function recordBatch(units: number, runMs: number): void {
  if (!current) return;
  current.batches++;
  current.units += units;
  current.unitsMax = Math.max(current.unitsMax, units);
  current.runMs += runMs;
  current.runMaxMs = Math.max(current.runMaxMs, runMs);
}

export function recordWalSync(ms: number): void {
  if (!current) return;
  current.syncs++;
  current.syncMs += ms;
  current.syncMaxMs = Math.max(current.syncMaxMs, ms);
}

export function recordCheckpoint(copyMs: number): void {
  if (!current) return;
  current.checkpoints++;
  current.copyMs += copyMs;
  current.copyMaxMs = Math.max(current.copyMaxMs, copyMs);
}

export function recordFileSync(ms: number, onLoop: boolean): void {
  if (!current) return;
  if (onLoop) current.blockingSyncMs += ms;
  else {
    current.fileSyncMs += ms;
    current.fileSyncMaxMs = Math.max(current.fileSyncMaxMs, ms);
  }
}

export function recordGate(ms: number): void {
  if (!current) return;
  current.gateMs += ms;
  current.gateMaxMs = Math.max(current.gateMaxMs, ms);
}

export function recordUnit(ms: number): void {
  if (!current) return;
  current.unitMaxMs = Math.max(current.unitMaxMs, ms);
}
