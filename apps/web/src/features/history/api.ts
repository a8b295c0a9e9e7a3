import { useInfiniteQuery } from '@tanstack/react-query';
import { paths } from '@parley/protocol';
import { historyParams, nextCursor, type HistoryFilter } from './filters';
import { call } from '../../lib/call';

/** Chat history search: getMessageList in manager mode, paged by `last_id` (newest first). */

const historyKey = (conversation: string, filter: HistoryFilter, keywords: string) =>
  ['history', conversation, filter, keywords.trim()] as const;

export function useHistory(conversation: string, filter: HistoryFilter, keywords: string) {
  return useInfiniteQuery({
    queryKey: historyKey(conversation, filter, keywords),
    queryFn: async ({ pageParam }) => {
      const data = await call(paths.getMessageList, historyParams(conversation, filter, keywords, pageParam), {
        quietSuccess: true,
      });
      return Array.isArray(data) ? data : [];
    },
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => nextCursor(last),
    staleTime: 30_000,
  });
}
