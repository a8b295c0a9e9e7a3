import { useEffect, type RefObject } from 'react';

/** The paging half of a TanStack infinite query that endless lists use. */
export interface MorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): Promise<unknown>;
}

/**
 * Endless scrolling: the next page loads when `sentinel` (an element after the last row)
 * comes into view. `rows` re-arms the observer after each page. With `debounceMs` (spec §9's
 * reach-bottom debounce, 350 ms) the sentinel must stay in view that long, so a fling that
 * only passes the bottom does not load a page.
 */
export function useEndReached(sentinel: RefObject<Element | null>, more: MorePages, rows: number, debounceMs = 0): void {
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = more;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const io = new IntersectionObserver((entries) => {
      const seen = entries.some((e) => e.isIntersecting);
      clearTimeout(timer);
      if (!seen || isFetchingNextPage) return;
      if (debounceMs <= 0) void fetchNextPage();
      else timer = setTimeout(() => void fetchNextPage(), debounceMs);
    });
    io.observe(el);
    return () => {
      clearTimeout(timer);
      io.disconnect();
    };
  }, [sentinel, hasNextPage, isFetchingNextPage, fetchNextPage, rows, debounceMs]);
}
