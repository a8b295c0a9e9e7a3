import type { StatisticsEvent } from '@parley/protocol';

/**
 * `statistics` pushes (PROTOCOL §11.4) for the admin dashboard, which lives in a lazily loaded
 * chunk: the dispatcher hands them here and an open dashboard listens.
 */
const listeners = new Set<(s: StatisticsEvent) => void>();

export const adminStats = {
  emit(s: StatisticsEvent): void {
    for (const l of listeners) l(s);
  },
  subscribe(l: (s: StatisticsEvent) => void): () => void {
    listeners.add(l);
    return () => void listeners.delete(l);
  },
};
