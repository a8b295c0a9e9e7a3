/** Time source. Injected so tests can move time instead of sleeping. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export const nowSeconds = (clock: Clock): number => Math.floor(clock.now() / 1000);

/** A clock that only moves when told to (tests). */
export function manualClock(startMs = Date.UTC(2026, 0, 1)): Clock & { advance(ms: number): void } {
  let t = startMs;
  return {
    now: () => t,
    advance: (ms) => {
      t += ms;
    },
  };
}
