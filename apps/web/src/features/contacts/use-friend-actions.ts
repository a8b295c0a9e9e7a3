import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateContacts } from '../../state/conversations/api';
import { contactEndpoints, friendRequestsKey, refreshFriendData, userInfoKey } from './api';
import { remarkSet } from './events';
import { dropPerson } from './friend-requests';

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
    onSuccess: (_d, { nickname }) => remarkSet(qc, userId, nickname),
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
