import { useQuery, type QueryClient } from '@tanstack/react-query';
import { paths, type GroupCandidate, type GroupInfo, type GroupMemberItem, type GroupSetting } from '@parley/protocol';
import { call } from '../../lib/call';

/** Group endpoints of PROTOCOL §6 and §3.2 `updateCard`. */

/** Roles of §6: 1 owner, 2 manager, 3 member (0 = not a member). */
export type GroupRole = 0 | 1 | 2 | 3;

export type { GroupCandidate, GroupInfo };
/** Row of `groupUserList`; the server may add the group card as `nickname` (§3.2). */
export type GroupMember = GroupMemberItem & { nickname?: string };

const quiet = { quietSuccess: true } as const;
const rows = <T>(d: T[] | '' | null | undefined): T[] => (Array.isArray(d) ? d : []);

/** "group-N" whatever form the id arrived in. */
export const groupKey = (id: string | number): string => `group-${String(id).replace(/^group-/, '')}`;

export const groupApi = {
  create: (user_ids: number[], name: string) => call(paths.groupAdd, { user_ids, name }),
  getAllUser: async (group_id?: string, user_ids: number[] = []) =>
    rows(await call(paths.groupGetAllUser, group_id ? { group_id, user_ids } : { user_ids }, quiet)),
  // PROTOCOL's member row has no `nickname`: GroupMember's optional one is never filled (see GroupDetail's card dialog).
  members: async (group_id: string): Promise<GroupMember[]> =>
    rows(await call(paths.groupUserList, { group_id, limit: 0 }, quiet)),
  info: (group_id: string) => call(paths.groupInfo, { group_id }, quiet),
  rename: (id: string, displayName: string) => call(paths.groupEditName, { id, displayName }),
  invite: (id: string, user_ids: number[]) => call(paths.groupAddUser, { id, user_ids }),
  removeUser: (id: string, user_id: number) => call(paths.groupRemoveUser, { id, user_id }),
  setManager: (id: string, user_id: number, role: 2 | 3) => call(paths.groupSetManager, { id, user_id, role }),
  setNoSpeak: (id: string, user_id: number, noSpeakTimer: number, noSpeakDay = 0) =>
    call(paths.groupSetNoSpeak, { id, user_id, noSpeakTimer, noSpeakDay }),
  setNotice: (id: string, notice: string) => call(paths.groupSetNotice, { id, notice }),
  setting: (id: string, setting: GroupSetting) => call(paths.groupSetting, { id, setting }),
  changeOwner: (id: string, user_id: number) => call(paths.groupChangeOwner, { id, user_id }),
  clear: (id: string) => call(paths.groupClearMessage, { id }),
  disband: (id: string) => call(paths.groupRemove, { id }),
  updateCard: (id: string, nickname: string) => call(paths.updateCard, { id, nickname }),
};

const membersKey = (gid: string) => ['groupMembers', groupKey(gid)] as const;
const groupInfoKey = (gid: string) => ['groupInfo', groupKey(gid)] as const;
export const selectableKey = (gid: string | undefined) => ['selectable', gid ?? ''] as const;

export function useGroupMembers(gid: string | undefined) {
  return useQuery({
    queryKey: membersKey(gid ?? ''),
    queryFn: () => groupApi.members(groupKey(gid ?? '')),
    enabled: Boolean(gid),
    staleTime: 30_000,
  });
}

export function useGroupInfo(gid: string | undefined) {
  return useQuery({
    queryKey: groupInfoKey(gid ?? ''),
    queryFn: () => groupApi.info(groupKey(gid ?? '')),
    enabled: Boolean(gid),
    staleTime: 30_000,
  });
}

/** Every screen showing this group reads it again (after an action or a push). */
export function refreshGroup(qc: QueryClient, gid: string | number): void {
  void qc.invalidateQueries({ queryKey: membersKey(String(gid)) });
  void qc.invalidateQueries({ queryKey: groupInfoKey(String(gid)) });
}

/** The name members see: the group card, else the display name, else the real name. */
export function memberName(m: Pick<GroupMember, 'nickname' | 'userInfo'>): string {
  return m.nickname || m.userInfo?.displayName || m.userInfo?.realname || '';
}
