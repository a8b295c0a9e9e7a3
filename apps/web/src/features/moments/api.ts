import { useInfiniteQuery, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { paths, type Moment, type MomentLocation, type MomentNotice } from '@parley/protocol';
import { mapPosts } from './model';
import { call } from '../../lib/call';

/** Moments (PROTOCOL §9) in the query cache: feeds per author, the badge, the notices. */

const quiet = { quietSuccess: true } as const;
const FEED_PAGE = 10;

export interface PublishInput {
  content: string;
  images: number[];
  video?: number;
  location?: MomentLocation;
  visibility: 0 | 1;
}

export const momentsApi = {
  list: async (input: { last_id?: number; limit?: number; user_id?: number }): Promise<Moment[]> => {
    const d = await call(paths.momentsList, input, quiet);
    return Array.isArray(d) ? d : [];
  },
  publish: (input: PublishInput) => call(paths.momentsPublish, input, quiet),
  del: (id: number) => call(paths.momentsDel, { id }, quiet),
  like: (id: number) => call(paths.momentsLike, { id }, quiet),
  unlike: (id: number) => call(paths.momentsUnlike, { id }, quiet),
  comment: (id: number, content: string, reply_user_id = 0) =>
    call(paths.momentsComment, { id, content, reply_user_id }, quiet),
  delComment: (id: number) => call(paths.momentsDelComment, { id }, quiet),
  notices: async (page = 1): Promise<MomentNotice[]> => {
    const d = await call(paths.momentsNotices, { page, limit: 20 }, quiet);
    return Array.isArray(d) ? d : [];
  },
  unread: () => call(paths.momentsUnread, {}, quiet),
};

export const momentsKey = ['moments'] as const;
/** One feed: everyone's (`all`) or one author's. */
export const feedKey = (author: number | 'all') => ['moments', 'feed', author] as const;
export const unreadKey = ['moments', 'unread'] as const;
export const noticesKey = ['moments', 'notices'] as const;

export type FeedData = InfiniteData<Moment[], number>;

export function useFeed(author: number | 'all') {
  const qc = useQueryClient();
  return useInfiniteQuery({
    queryKey: feedKey(author),
    queryFn: async ({ pageParam }) => {
      const rows = await momentsApi.list({
        limit: FEED_PAGE,
        last_id: pageParam || undefined,
        user_id: author === 'all' ? undefined : author,
      });
      // Reading the whole feed's first page clears `newPost` on the server (§9): re-read the badge.
      if (author === 'all' && !pageParam) void refreshUnread(qc);
      return rows;
    },
    initialPageParam: 0,
    // §1.5: fewer rows than asked means the end.
    getNextPageParam: (last: Moment[]) => (last.length < FEED_PAGE ? undefined : last[last.length - 1]?.id),
  });
}

export function useMomentsUnread(enabled = true) {
  return useQuery({ queryKey: unreadKey, queryFn: momentsApi.unread, enabled, staleTime: 30_000 });
}

/** Unread notices, for the rail's badge. */
export function useMomentsBadge(): number {
  return useMomentsUnread().data?.count ?? 0;
}

/** A contact posted since I last read the feed. */
export function useNewPostDot(): boolean {
  return Boolean(useMomentsUnread().data?.newPost);
}

export function useNotices() {
  return useInfiniteQuery({
    queryKey: noticesKey,
    queryFn: ({ pageParam }) => momentsApi.notices(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last: MomentNotice[], pages: MomentNotice[][]) =>
      last.length < 20 ? undefined : pages.length + 1,
  });
}

/** Applies `fn` to the post with this id in every cached feed. */
export function patchPost(qc: QueryClient, id: number, fn: (p: Moment) => Moment | null): void {
  qc.setQueriesData<FeedData>({ queryKey: ['moments', 'feed'] }, (d) =>
    d ? { ...d, pages: d.pages.map((page) => mapPosts(page, id, fn)) } : d,
  );
}

/** Everything moments shows is re-read (after a push, a reconnect, or my own post). */
export const refreshUnread = (qc: QueryClient) => qc.invalidateQueries({ queryKey: unreadKey });

/**
 * The notices were read (the server marks them when it answers their first page): the badge goes
 * at once, so going back to the feed never shows a count already read; the refetch confirms it.
 */
export function noticesRead(qc: QueryClient): void {
  qc.setQueryData<Awaited<ReturnType<typeof momentsApi.unread>>>(unreadKey, (d) => (d ? { ...d, count: 0 } : d));
  void refreshUnread(qc);
}
export const refreshFeeds = (qc: QueryClient) => qc.invalidateQueries({ queryKey: ['moments', 'feed'] });
