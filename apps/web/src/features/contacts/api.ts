import { useQuery, type QueryClient } from '@tanstack/react-query';
import { paths } from '@parley/protocol';
import type { ScanAnswer } from './types';
import { call, callPrefixed } from '../../lib/call';

/**
 * Calls of the address book, friends and QR codes (PROTOCOL §3.2, §3.3, §6 joinGroup/groupInfo,
 * §7).
 */

const quiet = { quietSuccess: true } as const;

export const contactEndpoints = {
  getUserInfo: (userId: number) => call(paths.getUserInfo, { user_id: userId }, quiet),
  searchUser: (keywords: string) => call(paths.searchUser, { keywords }, quiet),
  /** `is_mine` 1 = requests I sent, 0 = requests to me; newest first. */
  friendRequests: (isMine: 0 | 1) => call(paths.friendIndex, { is_mine: isMine, limit: 100 }, quiet),
  addFriend: (userId: number, remark: string) => call(paths.friendAdd, { user_id: userId, remark }),
  /** 1 accept, 0 refuse. */
  answerRequest: (friendId: number, status: 0 | 1) => call(paths.friendUpdate, { friend_id: friendId, status }),
  deleteFriend: (userId: number) => call(paths.friendDel, { id: userId }),
  setNickname: (friendId: number, nickname: string) => call(paths.friendSetNickname, { friend_id: friendId, nickname }),
  groupInfo: (groupId: string) => call(paths.groupInfo, { group_id: groupId }, quiet),
  joinGroup: (groupId: number | string, inviteUid: number) => call(paths.groupJoin, { group_id: groupId, inviteUid }),
  /** POST a scanned Parley QR code (`/scan/u/<code>` or `/scan/g/<code>`). */
  scan: (target: { kind: 'user' | 'group'; code: string }): Promise<ScanAnswer> =>
    target.kind === 'user'
      ? callPrefixed('/scan/u/*', target.code, {}, quiet)
      : callPrefixed('/scan/g/*', target.code, {}, quiet),
};

export const userInfoKey = (userId: number) => ['userInfo', userId] as const;
export const friendRequestsKey = (isMine: 0 | 1) => ['friendRequests', isMine] as const;
const friendRequestsRoot = ['friendRequests'] as const;

export function useUserInfo(userId: number) {
  return useQuery({
    queryKey: userInfoKey(userId),
    queryFn: () => contactEndpoints.getUserInfo(userId),
    enabled: userId > 0,
  });
}

export function useFriendRequests(isMine: 0 | 1, enabled = true) {
  return useQuery({
    enabled,
    queryKey: friendRequestsKey(isMine),
    queryFn: async () => {
      const rows = await contactEndpoints.friendRequests(isMine);
      return Array.isArray(rows) ? rows : [];
    },
  });
}

/** A new request, an answer or a new friend: both request lists and the cards read again. */
export function refreshFriendData(qc: QueryClient): void {
  void qc.invalidateQueries({ queryKey: friendRequestsRoot });
  void qc.invalidateQueries({ queryKey: ['userInfo'] });
}
