/**
 * Scheduling seam. Services that act later (a call's 60 s safety net, a periodic sweep) ask
 * `Timers` instead of calling setTimeout, so tests drive them with the manual clock: moving the
 * clock fires what fell due (see `manualClock` in clock.ts). Real timers are unref'd: nothing
 * scheduled here keeps a stopping process alive.
 */
export interface Timers {
  /** Runs `fn` once after `ms`; returns a function that cancels it. */
  after(ms: number, fn: () => void): () => void;
  /** Runs `fn` every `ms` until cancelled. */
  every(ms: number, fn: () => void): () => void;
}

export const systemTimers: Timers = {
  after(ms, fn) {
    const h = setTimeout(fn, ms);
    h.unref();
    return () => clearTimeout(h);
  },
  every(ms, fn) {
    const h = setInterval(fn, ms);
    h.unref();
    return () => clearInterval(h);
  },
};

/** Timers that fire only when `fireDue` is called (by a manual clock after it moved). */
export interface ManualTimers extends Timers {
  fireDue(): void;
  /** One-shot timers not yet fired or cancelled (tests wait for a request to start waiting). */
  waiting(): number;
}

export function manualTimers(now: () => number): ManualTimers {
  interface Entry {
    due: number;
    fn: () => void;
    every?: number;
  }
  const entries = new Set<Entry>();
  const add = (e: Entry) => {
    entries.add(e);
    return () => void entries.delete(e);
  };
  return {
    after: (ms, fn) => add({ due: now() + ms, fn }),
    every: (ms, fn) => add({ due: now() + ms, fn, every: ms }),
    fireDue() {
      const due = [...entries].filter((e) => e.due <= now()).sort((a, b) => a.due - b.due);
      for (const e of due) {
        if (e.every) e.due = now() + e.every;
        else entries.delete(e);
        e.fn();
      }
    },
    waiting: () => [...entries].filter((e) => !e.every).length,
  };
}
