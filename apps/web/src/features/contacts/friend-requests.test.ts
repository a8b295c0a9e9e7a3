import { describe, expect, it } from 'vitest';
import { contact } from '../../state/conversations/fixtures';
import { applyRequestEvent, dropPerson, pendingCount, upsertPerson, type RequestLists } from './friend-requests';
import type { FriendRequest } from './types';

const ME = 1;
const who = (id: number) => ({
  id,
  user_id: id,
  realname: `u${id}`,
  displayName: `u${id}`,
  account: `u${id}`,
  avatar: '',
  name_py: `u${id}`,
});
function row(friend_id: number, from: number, to: number, status: FriendRequest['status']): FriendRequest {
  const base = { friend_id, create_user: from, friend_user_id: to, status, remark: 'hi', is_group: 0 as const };
  return { ...base, create_time: 1_700_000_000 + friend_id, create_user_info: who(from), user_id_info: who(to) };
}
const lists: RequestLists = {
  received: [row(10, 2, ME, 2), row(11, 3, ME, 2), row(12, 4, ME, 0)],
  sent: [row(20, ME, 5, 2), row(21, ME, 6, 0)],
};

describe('friend request lists under live events', () => {
  it('marks the request I answered and nothing else', () => {
    const { lists: next, refetch } = applyRequestEvent(lists, { kind: 'answered', friendId: 10, status: 1 });
    expect(refetch).toBe(false);
    expect(next.received.map((r) => r.status)).toEqual([1, 2, 0]);
    expect(pendingCount(next.received)).toBe(1);
    expect(next.sent).toBe(lists.sent);
  });

  it('shows my sent request as accepted when the other side accepts (appendContact)', () => {
    const { lists: next } = applyRequestEvent(lists, { kind: 'friendship', userId: 5 });
    expect(next.sent.find((r) => r.friend_id === 20)?.status).toBe(1);
    expect(next.received).toBe(lists.received);
  });

  it('keeps a refused request refused when a friendship starts later', () => {
    const { lists: next } = applyRequestEvent(lists, { kind: 'friendship', userId: 6 });
    expect(next.sent.find((r) => r.friend_id === 21)?.status).toBe(0);
  });

  it('asks for a re-read when a new request is pushed (the push has no row)', () => {
    const result = applyRequestEvent(lists, { kind: 'requestPushed' });
    expect(result.refetch).toBe(true);
    expect(result.lists).toBe(lists);
  });
});

describe('address book under friendship events', () => {
  const alice = contact(2, { displayName: 'Alice', index: 'A' });
  const group = contact('group-2', { displayName: 'Team', index: 'A' });

  it('adds a new friend once and replaces a stale entry', () => {
    const once = upsertPerson([group], alice);
    const twice = upsertPerson(once, { ...alice, displayName: 'Alice L' });
    expect(twice.filter((c) => c.id === 2).map((c) => c.displayName)).toEqual(['Alice L']);
  });

  it('keeps the unread count of a conversation that was listed before the friendship began', () => {
    const waiting = { ...alice, unread: 4 };
    const appended = { ...alice, unread: 0, lastContent: 'You are now friends. Say hello!' };
    const [row] = upsertPerson([waiting], appended);
    expect(row).toMatchObject({ unread: 4, lastContent: 'You are now friends. Say hello!' });
    expect(upsertPerson([group], appended).find((c) => c.id === 2)?.unread).toBe(0);
  });

  it('drops the person of a numeric removeGroup, never a group with the same number', () => {
    expect(dropPerson([alice, group], 2).map((c) => c.id)).toEqual(['group-2']);
  });
});
