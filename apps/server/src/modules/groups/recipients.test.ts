import { describe, expect, it } from 'vitest';
import {
  addGroupRecipients,
  addGroupUserRecipients,
  changeRecipients,
  disbandRecipients,
  removeUserRecipients,
} from './recipients';

const members = (...ids: number[]) => ids.map((user_id) => ({ user_id }));

describe('group event recipients', () => {
  it('tells every member of a change, the actor included', () => {
    expect(changeRecipients(members(1, 2, 3))).toEqual([1, 2, 3]);
  });
  it('tells the old members of newcomers; newcomers get their own addGroup, by role', () => {
    expect(addGroupUserRecipients(members(1, 2))).toEqual([1, 2]);
    const newcomers = [
      { user_id: 4, role: 3 },
      { user_id: 5, role: 2 },
      { user_id: 6, role: 3 },
    ];
    expect(addGroupRecipients(newcomers, 3)).toEqual([4, 6]);
    expect(addGroupRecipients(newcomers, 1)).toEqual([]);
  });
  it('tells the removed member as well as those who stay', () => {
    expect(removeUserRecipients(members(1, 2), 7)).toEqual([1, 2, 7]);
  });
  it('tells everyone who was a member when the group was disbanded', () => {
    expect(disbandRecipients(members(1, 9))).toEqual([1, 9]);
  });
});
