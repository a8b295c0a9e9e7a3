import type { Clock } from '../../platform/clock';

/**
 * A fixed-window counter per key (an address), in memory: enough to keep one broken or hostile
 * browser from flooding the log. Per node on purpose; a report is worth nothing to share.
 */
export function windowLimit(clock: Clock, perWindow: number, windowMs: number) {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = clock.now();
  return {
    /** Counts one call for `key`; false when the key used up its window. */
    take(key: string): boolean {
      const now = clock.now();
      // Forget finished windows now and then, so the map stays as small as the live traffic.
      if (now - lastSweep > windowMs) {
        for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k);
        lastSweep = now;
      }
      const w = windows.get(key);
      if (!w || now - w.start >= windowMs) {
        windows.set(key, { start: now, count: 1 });
        return true;
      }
      if (w.count >= perWindow) return false;
      w.count += 1;
      return true;
    },
  };
}
