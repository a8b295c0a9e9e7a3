import { paths, type Department } from '@parley/protocol';
import { call } from '../../lib/call';

/** The organization (PROTOCOL §18): the department tree and the people of a department. */

const quiet = { quietSuccess: true } as const;

export const orgEndpoints = { tree: (): Promise<Department[]> => call(paths.orgTree, {}, quiet) };

/** Every organization query lives under this key, so `orgChanged` refreshes them all at once. */
export const orgRoot = ['org'] as const;
export const orgTreeKey = ['org', 'tree'] as const;
export const orgMembersKey = (depId: number, recursive: 0 | 1, keywords: string) =>
  ['org', 'members', depId, recursive, keywords] as const;
