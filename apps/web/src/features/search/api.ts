import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { paths, SEARCH_KEYWORDS_MAX, type SearchType } from '@parley/protocol';
import { call } from '../../lib/call';

/** Global search (PROTOCOL §16): one query per (keywords, type); "more" pages the messages part. */

const SEARCH_PAGE = 20;
/** How many of each group the overview shows before "more". */
export const OVERVIEW_EACH = 3;

const searchKey = (keywords: string, type: SearchType) => ['search', keywords.trim(), type] as const;

/** Keywords the server accepts (1–64 characters after trimming). */
export const searchable = (q: string): boolean => {
  const n = [...q.trim()].length;
  return n >= 1 && n <= SEARCH_KEYWORDS_MAX;
};

export function useSearch(keywords: string, type: SearchType) {
  const q = keywords.trim();
  return useInfiniteQuery({
    queryKey: searchKey(q, type),
    queryFn: ({ pageParam }) =>
      call(
        paths.search,
        { keywords: q, type, page: pageParam, limit: type === 'all' ? SEARCH_PAGE : 50 },
        { quietSuccess: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (last.hasMore ? page + 1 : undefined),
    enabled: searchable(q),
    staleTime: 30_000,
    // While the next keystroke's answer comes, the last one stays on screen.
    placeholderData: keepPreviousData,
  });
}
