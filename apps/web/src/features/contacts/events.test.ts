import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Contact, UserCard } from '@parley/protocol';
import { contactsKey } from '../../state/conversations/api';
import type { ContactsData } from '../../state/conversations/model';
import { contact } from '../../state/conversations/fixtures';
import { friendRequestsKey, userInfoKey } from './api';
import { friendAppended, friendRemoved, remarkChanged } from './events';
import type { FriendRequest } from './types';

const bob = contact(2, { displayName: 'Bob', name_py: 'bob', index: 'B' });
const team = contact('group-2', { displayName: 'Team', index: '[2]群聊' });
const who = (id: number) => ({
  id,
  user_id: id,
  realname: `u${id}`,
  displayName: `u${id}`,
  account: '',
  avatar: '',
  name_py: '',
});
const sentToBob: FriendRequest = {
  friend_id: 7,
  create_user: 1,
  friend_user_id: 2,
  status: 2,
  remark: '',
  create_time: 1,
  is_group: 0,
  create_user_info: who(1),
  user_id_info: who(2),
};

function client(contacts: Contact[]): QueryClient {
  const qc = new QueryClient();
  qc.setQueryData<ContactsData>(contactsKey, { contacts, pendingFriends: 0 });
  qc.setQueryData(friendRequestsKey(1), [sentToBob]);
  return qc;
}

describe('friend events on the caches', () => {
  it('appendContact puts the new friend in the address book and marks my request accepted', () => {
    const qc = client([team]);
    friendAppended(qc, bob);
    expect(qc.getQueryData<ContactsData>(contactsKey)?.contacts.map((c) => c.id)).toEqual(['group-2', 2]);
    expect(qc.getQueryData<FriendRequest[]>(friendRequestsKey(1))?.[0]?.status).toBe(1);
  });

  it('removeGroup with a user id drops that person only; a group id is left to the group handler', () => {
    const qc = client([bob, team]);
    expect(friendRemoved(qc, { group_id: 'group-2' })).toBe(false);
    expect(friendRemoved(qc, { group_id: 2 })).toBe(true);
    expect(qc.getQueryData<ContactsData>(contactsKey)?.contacts.map((c) => c.id)).toEqual(['group-2']);
  });

  it('setNickname from another device renames the person in my list and on their card', () => {
    const qc = client([bob, team]);
    const card: UserCard = {
      ...who(2),
      displayName: 'Bob',
      sex: 0,
      motto: '',
      email: '',
      location: '',
      last_login_ip: '',
      is_online: 1,
      dep_id: 0,
      dep_name: '',
      position: '',
      friend: { friend_id: 9, nickname: '', status: 1, is_top: 0, is_notice: 1, create_time: 1 },
    };
    qc.setQueryData(userInfoKey(2), card);
    remarkChanged(qc, { friend_id: 9, user_id: 2, nickname: 'Bobby' });
    const listed = qc.getQueryData<ContactsData>(contactsKey)?.contacts;
    expect(listed?.find((c) => c.id === 2)?.displayName).toBe('Bobby');
    expect(listed?.find((c) => c.id === 'group-2')?.displayName).toBe('Team');
    expect(qc.getQueryData<UserCard>(userInfoKey(2))).toMatchObject({
      displayName: 'Bobby',
      friend: { nickname: 'Bobby' },
    });
    // A malformed frame changes nothing.
    remarkChanged(qc, { friend_id: 9, user_id: 2, nickname: '' });
    expect(qc.getQueryData<ContactsData>(contactsKey)?.contacts.find((c) => c.id === 2)?.displayName).toBe('Bobby');
  });
});
