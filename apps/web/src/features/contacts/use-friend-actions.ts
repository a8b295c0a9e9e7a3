import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patchConversation, updateContacts } from '../../state/conversations/api';
import { contactEndpoints, friendRequestsKey, refreshFriendData, userInfoKey } from './api';
import { dropPerson } from './friend-requests';
import type { UserCard } from './types';

/** Add, remark and delete on a user card; each keeps the caches in step with the server. */
export function useFriendActions(userId: number) {
  const qc = useQueryClient();

  const add = useMutation({
    mutationFn: (remark: string) => contactEndpoints.addFriend(userId, remark),
    onSuccess: () => {
      // Accepted at once when they already list me; the card and "sent" list tell which.
      void qc.invalidateQueries({ queryKey: userInfoKey(userId) });
      void qc.invalidateQueries({ queryKey: friendRequestsKey(1) });
    },
  });

  const remark = useMutation({
    mutationFn: ({ friendId, nickname }: { friendId: number; nickname: string }) =>
      contactEndpoints.setNickname(friendId, nickname),
    onSuccess: (_d, { nickname }) => {
      qc.setQueryData<UserCard>(userInfoKey(userId), (card) =>
        card && card.friend ? { ...card, displayName: nickname, friend: { ...card.friend, nickname } } : card,
      );
      patchConversation(qc, userId, { displayName: nickname });
    },
  });

  const remove = useMutation({
    mutationFn: () => contactEndpoints.deleteFriend(userId),
    onSuccess: () => {
      updateContacts(qc, (d) => ({ ...d, contacts: dropPerson(d.contacts, userId) }));
      refreshFriendData(qc);
    },
  });

  return { add, remark, remove };
}
