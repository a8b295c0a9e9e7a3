import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { END_REACHED_GAP_MS, useEndReached } from './use-end-reached';

/** An IntersectionObserver the test drives: `show()` reports the sentinel in view. */
const observers: { cb: IntersectionObserverCallback }[] = [];
class FakeObserver {
  constructor(readonly cb: IntersectionObserverCallback) {
    observers.push(this);
  }
  observe() {}
  disconnect() {}
}
const show = () =>
  observers.at(-1)?.cb([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  observers.length = 0;
});

describe('useEndReached (spec §9)', () => {
  it('loads the next page at most once per 350 ms, and still loads after the gap', () => {
    const fetchNextPage = vi.fn(async () => undefined);
    const sentinel = { current: document.createElement('div') };
    const { rerender } = renderHook(
      ({ rows }) => useEndReached(sentinel, { hasNextPage: true, isFetchingNextPage: false, fetchNextPage }, rows),
      { initialProps: { rows: 20 } },
    );
    show();
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    rerender({ rows: 40 });
    show();
    show();
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(END_REACHED_GAP_MS);
    expect(fetchNextPage).toHaveBeenCalledTimes(2);
  });
});
