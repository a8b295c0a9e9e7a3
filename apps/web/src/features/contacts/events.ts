import type { QueryClient } from '@tanstack/react-query';
import type { Contact, FriendRemovedEvent, GroupIdEvent, SetNicknameEvent } from '@parley/protocol';
import { patchConversation, updateContacts } from '../../state/conversations/api';
import { applyRequestEvent, dropPerson, upsertPerson, type RequestEvent } from './friend-requests';
import { friendRequestsKey, userInfoKey } from './api';
import type { FriendRequest, UserCard } from './types';

/** Friend pushes (PROTOCOL §7, §11.4) → the contacts, request and user-card caches. */

function applyToRequests(qc: QueryClient, event: RequestEvent): void {
  const received = qc.getQueryData<FriendRequest[]>(friendRequestsKey(0));
  const sent = qc.getQueryData<FriendRequest[]>(friendRequestsKey(1));
  const result = applyRequestEvent({ received: received ?? [], sent: sent ?? [] }, event);
  if (received) qc.setQueryData(friendRequestsKey(0), result.lists.received);
  if (sent) qc.setQueryData(friendRequestsKey(1), result.lists.sent);
  if (result.refetch) void qc.invalidateQueries({ queryKey: friendRequestsKey(0) });
}

/** A `simple` push to "system": someone asked to be my friend. Its count comes with getContacts. */
export function friendRequestPushed(qc: QueryClient): void {
  applyToRequests(qc, { kind: 'requestPushed' });
  void qc.invalidateQueries({ queryKey: ['contacts'] });
}

/** `appendContact`: the person joins my address book at once; their card and requests follow. */
export function friendAppended(qc: QueryClient, contact: Contact): void {
  updateContacts(qc, (d) => ({ ...d, contacts: upsertPerson(d.contacts, contact) }));
  const userId = Number(contact.id);
  applyToRequests(qc, { kind: 'friendship', userId });
  // getContacts' pending count may have dropped (I accepted on another device).
  void qc.invalidateQueries({ queryKey: ['contacts'], refetchType: 'none' });
  void qc.invalidateQueries({ queryKey: userInfoKey(userId) });
}

/**
 * `removeGroup` whose `group_id` is a plain user id: a friendship ended, drop that person and
 * their conversation. Returns false for a real group ("group-N"), which is not ours to handle.
 */
export function friendRemoved(qc: QueryClient, data: GroupIdEvent | FriendRemovedEvent): boolean {
  if (typeof data.group_id !== 'number') return false;
  const userId = data.group_id;
  updateContacts(qc, (d) => ({ ...d, contacts: dropPerson(d.contacts, userId) }));
  void qc.invalidateQueries({ queryKey: userInfoKey(userId) });
  return true;
}

/**
 * My remark name for someone is now `nickname`: their card and their conversation show it. Run
 * when I set it here, and on `setNickname` when I set it on another device.
 */
export function remarkSet(qc: QueryClient, userId: number, nickname: string): void {
  qc.setQueryData<UserCard>(userInfoKey(userId), (card) =>
    card && card.friend ? { ...card, displayName: nickname, friend: { ...card.friend, nickname } } : card,
  );
  patchConversation(qc, userId, { displayName: nickname });
}

/** `setNickname` (a Parley extension): I renamed someone on one of my devices. */
export function remarkChanged(qc: QueryClient, d: SetNicknameEvent): void {
  if (!d || typeof d.user_id !== 'number' || typeof d.nickname !== 'string' || d.nickname === '') return;
  remarkSet(qc, d.user_id, d.nickname);
}
