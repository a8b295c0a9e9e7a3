import { useInfiniteQuery } from '@tanstack/react-query';
import { FileCate, FileRole, limits, type FileManagerRow } from '@parley/protocol';
import { endpoints } from '../../lib/endpoints';

/** The file manager (PROTOCOL §4.7): my files in single chats and favourites, paged. */

export type FileScope = 'all' | 'sent' | 'received';
export const fileScopes: readonly FileScope[] = ['all', 'sent', 'received'];
const roleOf: Record<FileScope, number> = { all: FileRole.any, sent: FileRole.sent, received: FileRole.received };

/** Category filter chips: 0 = any type, then §5's categories. */
export const cateFilters = [
  { cate: 0, key: 'all' },
  { cate: FileCate.doc, key: 'doc' },
  { cate: FileCate.image, key: 'image' },
  { cate: FileCate.audio, key: 'audio' },
  { cate: FileCate.video, key: 'video' },
  { cate: FileCate.other, key: 'other' },
] as const;

const PAGE = limits.pageSizeDefault;

const filesKey = (scope: FileScope, cate: number, keywords: string) => ['files', scope, cate, keywords.trim()] as const;

/** The page after `pages`, or undefined when the last one came back short (§1.5). */
function nextFilesPage(last: FileManagerRow[], pages: FileManagerRow[][]): number | undefined {
  return last.length < PAGE ? undefined : pages.length + 1;
}

export function useFiles(scope: FileScope, cate: number, keywords: string) {
  return useInfiniteQuery({
    queryKey: filesKey(scope, cate, keywords),
    queryFn: async ({ pageParam }) => {
      const env = await endpoints.filesIndex({
        role: roleOf[scope],
        cate,
        keywords: keywords.trim(),
        page: pageParam,
        limit: PAGE,
      });
      return Array.isArray(env.data) ? env.data : [];
    },
    initialPageParam: 1,
    getNextPageParam: nextFilesPage,
    staleTime: 30_000,
  });
}
