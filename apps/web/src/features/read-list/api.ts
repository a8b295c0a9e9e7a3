import { useInfiniteQuery } from '@tanstack/react-query';
import { paths, type ReadListRow, type ReadListType } from '@parley/protocol';
import { callPaged } from '../../lib/call';
import { useSystemInfo } from '../system/api';

/** Read lists of my group messages and my announcements (PROTOCOL §17). */

export const READ_LIST_PAGE = 30;

/**
 * ['readList', id, type]: the dispatcher invalidates ['readList', id] on every `groupRead` of
 * the message, so an open list re-reads as members read it.
 */
export const readListKey = (id: string, type: ReadListType) => ['readList', id, type] as const;

export interface ReadListPage {
  rows: ReadListRow[];
  /** Total of this type (§17 `count`). */
  count: number;
}

/** The page after `pages`, or undefined once every row of `count` is in. */
export function nextReadListPage(last: ReadListPage, pages: ReadListPage[]): number | undefined {
  const loaded = pages.reduce((n, p) => n + p.rows.length, 0);
  return last.rows.length < READ_LIST_PAGE || loaded >= last.count ? undefined : pages.length + 1;
}

export function useReadList(id: string, type: ReadListType) {
  return useInfiniteQuery({
    queryKey: readListKey(id, type),
    queryFn: async ({ pageParam }): Promise<ReadListPage> => {
      // Quiet: a refusal (the switch went off meanwhile) shows as the list's own error state.
      const env = await callPaged(
        paths.readList,
        { id, type, page: pageParam, limit: READ_LIST_PAGE },
        { quietSuccess: true, silent: true },
      );
      return { rows: Array.isArray(env.data) ? env.data : [], count: env.count };
    },
    initialPageParam: 1,
    getNextPageParam: nextReadListPage,
    retry: false,
  });
}

/** The installation's switch (`chatInfo.readList`): off hides counts a row fetched earlier may carry. */
export function useReadListsOn(): boolean {
  return useSystemInfo().info.chatInfo.readList !== 0;
}
