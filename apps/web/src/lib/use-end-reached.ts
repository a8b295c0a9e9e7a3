import { useEffect, useRef, type RefObject } from 'react';

/** Spec §9: reaching the bottom loads the next page at most once per 350 ms. */
export const END_REACHED_GAP_MS = 350;

/** The paging half of a TanStack infinite query that endless lists use. */
export interface MorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): unknown;
}

/**
 * Endless scrolling: the next page loads when `sentinel` (an element after the last row)
 * comes into view. `rows` re-arms the observer after each page.
 */
export function useEndReached(sentinel: RefObject<Element | null>, more: MorePages, rows: number): void {
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = more;
  const last = useRef(-Infinity);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage) return;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let visible = false;
    const fire = () => {
      if (!visible || isFetchingNextPage) return;
      const wait = last.current + END_REACHED_GAP_MS - Date.now();
      // Too soon: try once the gap has passed (the observer will not call again while it stays in view).
      if (wait > 0) return void (retry ??= setTimeout(() => ((retry = undefined), fire()), wait));
      last.current = Date.now();
      void fetchNextPage();
    };
    const io = new IntersectionObserver((entries) => {
      visible = entries.some((e) => e.isIntersecting);
      fire();
    });
    io.observe(el);
    return () => {
      io.disconnect();
      clearTimeout(retry);
    };
  }, [sentinel, hasNextPage, isFetchingNextPage, fetchNextPage, rows]);
}
