import { manualTimers, type ManualTimers, type Timers } from './timers';

/** Time source. Injected so tests can move time instead of sleeping. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Timers driven by this clock; absent = real timers (see timers.ts). */
  timers?: Timers;
}

export const systemClock: Clock = { now: () => Date.now() };

export const nowSeconds = (clock: Clock): number => Math.floor(clock.now() / 1000);

/** A clock that only moves when told to (tests); moving it fires the timers that fell due. */
export function manualClock(
  startMs = Date.UTC(2026, 0, 1),
): Clock & { advance(ms: number): void; timers: ManualTimers } {
  let t = startMs;
  const timers = manualTimers(() => t);
  return {
    now: () => t,
    advance: (ms) => {
      t += ms;
      timers.fireDue();
    },
    timers,
  };
}
