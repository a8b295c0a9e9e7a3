import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { isAdmin, paths, type Department, type OrgMember } from '@parley/protocol';
import { call, callPaged } from '../../lib/call';
import { useAuth } from '../../state/auth';
import { useSystemInfo } from '../system/api';

/** The organization (PROTOCOL §18): the department tree and the people of a department. */

const quiet = { quietSuccess: true } as const;

/**
 * People per page of `org/members`: a screenful many times over, so a 2,000-person department
 * arrives in ten calls as it is scrolled, never all at once.
 */
export const MEMBERS_PAGE = 200;

export interface MembersPage {
  rows: OrgMember[];
  count: number;
}

export const orgEndpoints = {
  tree: (): Promise<Department[]> => call(paths.orgTree, {}, quiet),
  members: async (q: { depId: number; recursive: 0 | 1; keywords: string; page: number }): Promise<MembersPage> => {
    const env = await callPaged(
      paths.orgMembers,
      { dep_id: q.depId, recursive: q.recursive, keywords: q.keywords, page: q.page, limit: MEMBERS_PAGE },
      quiet,
    );
    return { rows: Array.isArray(env.data) ? env.data : [], count: env.count };
  },
  /** Everyone in the company (§18: dep_id 0 with recursive), counted without listing them. */
  headcount: async (): Promise<number> =>
    (await callPaged(paths.orgMembers, { dep_id: 0, recursive: 1, limit: 1 }, quiet)).count,
};

/** Every organization query lives under this key, so `orgChanged` refreshes them all at once. */
export const orgRoot = ['org'] as const;
export const orgTreeKey = ['org', 'tree'] as const;
export const orgHeadcountKey = ['org', 'headcount'] as const;
export const orgMembersKey = (depId: number, recursive: 0 | 1, keywords: string) =>
  ['org', 'members', depId, recursive, keywords] as const;

/** The tree is for everyone in runMode 1 and for system admins (§18); others never ask. */
export function useOrgEnabled(): boolean {
  const { info } = useSystemInfo();
  const me = useAuth((s) => s.userInfo);
  return Number(info.sysInfo.runMode) === 1 || Boolean(me && isAdmin(me));
}

export function useOrgTree(enabled = true) {
  return useQuery({ queryKey: orgTreeKey, queryFn: orgEndpoints.tree, enabled, staleTime: 60_000 });
}

export function useOrgHeadcount(enabled = true) {
  return useQuery({ queryKey: orgHeadcountKey, queryFn: orgEndpoints.headcount, enabled, staleTime: 60_000 });
}

/** The page after `pages`, or undefined when the last one came back short (§1.5). */
export function nextMembersPage(last: MembersPage, pages: MembersPage[]): number | undefined {
  return last.rows.length < MEMBERS_PAGE ? undefined : pages.length + 1;
}

/** People of one department, loaded a page at a time as the list asks for more. */
export function useOrgMembers(depId: number, recursive: 0 | 1, keywords: string, enabled = true) {
  const kw = keywords.trim();
  return useInfiniteQuery({
    queryKey: orgMembersKey(depId, recursive, kw),
    queryFn: ({ pageParam }) => orgEndpoints.members({ depId, recursive, keywords: kw, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: nextMembersPage,
    enabled,
    staleTime: 30_000,
  });
}
