import { describe, expect, it } from 'vitest';
import type { BusMessage } from '../../platform/bus/index';
import { ABSENCE_CACHE, ABSENCE_MS, AbsenceCache, followAbsenceDrops } from './absence-cache';

/** A bus whose listening and publications the test decides. */
function fakeBus() {
  const handlers = new Set<(m: BusMessage) => void>();
  const listeners = new Set<(l: boolean) => void>();
  return {
    subscribe(h: (m: BusMessage) => void) {
      handlers.add(h);
      return () => handlers.delete(h);
    },
    onListening(l: (listening: boolean) => void) {
      listeners.add(l);
      l(false);
      return () => listeners.delete(l);
    },
    deliver: (m: BusMessage) => handlers.forEach((h) => h(m)),
    listen: (listening: boolean) => listeners.forEach((l) => l(listening)),
  };
}

describe('AbsenceCache', () => {
  it('believes nothing until its bus listens, and then for at most ABSENCE_MS', () => {
    const cache = new AbsenceCache();
    const bus = fakeBus();
    followAbsenceDrops(cache, bus);
    cache.storeAbsent([7], cache.ticket(), 0);
    expect(cache.knownAbsent(7, 1)).toBe(false);

    bus.listen(true);
    cache.storeAbsent([7], cache.ticket(), 1000);
    expect(cache.knownAbsent(7, 1001)).toBe(true);
    expect(cache.knownAbsent(8, 1001)).toBe(false);
    expect(cache.knownAbsent(7, 1000 + ABSENCE_MS)).toBe(false);
  });

  it('forgets a user another node reports subscribed, and only that user', () => {
    const cache = new AbsenceCache();
    const bus = fakeBus();
    followAbsenceDrops(cache, bus);
    bus.listen(true);
    cache.storeAbsent([7, 8], cache.ticket(), 0);
    bus.deliver({ kind: 'cacheDrop', cache: 'someOtherCache', keys: [7] });
    expect(cache.knownAbsent(7, 1)).toBe(true);
    bus.deliver({ kind: 'cacheDrop', cache: ABSENCE_CACHE, keys: [7] });
    expect(cache.knownAbsent(7, 1)).toBe(false);
    expect(cache.knownAbsent(8, 1)).toBe(true);
  });

  it('does not keep a read that a drop overtook', () => {
    const cache = new AbsenceCache();
    const bus = fakeBus();
    followAbsenceDrops(cache, bus);
    bus.listen(true);
    const ticket = cache.ticket(); // the read starts
    bus.deliver({ kind: 'cacheDrop', cache: ABSENCE_CACHE, keys: [7] }); // 7 subscribes meanwhile
    cache.storeAbsent([7], ticket, 0); // the read saw no subscription yet
    expect(cache.knownAbsent(7, 1)).toBe(false);
  });

  it('starts again from nothing when its bus stops listening, and keeps nothing meanwhile', () => {
    const cache = new AbsenceCache();
    const bus = fakeBus();
    const stop = followAbsenceDrops(cache, bus);
    bus.listen(true);
    cache.storeAbsent([7], cache.ticket(), 0);
    bus.listen(false);
    expect(cache.knownAbsent(7, 1)).toBe(false);
    expect(cache.ticket()).toBeUndefined();
    bus.listen(true);
    expect(cache.knownAbsent(7, 2)).toBe(false);
    stop();
    cache.storeAbsent([7], cache.ticket(), 3);
    expect(cache.knownAbsent(7, 4)).toBe(false);
  });
});
