import { useEffect, type RefObject } from 'react';

/** The paging half of a TanStack infinite query that endless lists use. */
export interface MorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): Promise<unknown>;
}

/**
 * Endless scrolling: the next page loads when `sentinel` (an element after the last row)
 * comes into view. `rows` re-arms the observer after each page.
 */
export function useEndReached(sentinel: RefObject<Element | null>, more: MorePages, rows: number): void {
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = more;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [sentinel, hasNextPage, isFetchingNextPage, fetchNextPage, rows]);
}
