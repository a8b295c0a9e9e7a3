import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { contact } from '../../state/conversations/fixtures';
import type { GroupSetting } from '@parley/protocol';
import type { ContactsData } from '../../state/conversations/model';
import { contactsKey } from '../../state/conversations/api';
import { applyGroupEvent, expectOwnRemoval, handleGroupEvent, onGroupRemoved } from './events';

const me = 1;
const data = (): ContactsData => ({
  contacts: [contact(2), contact('group-5', { role: 3, owner_id: 9, setting: { nospeak: '0' } as never })],
  pendingFriends: 0,
});
const setting: GroupSetting = { manage: '0', invite: '1', profile: '1', history: '0', nospeak: '0' };
const ids = (d: ContactsData) => d.contacts.map((c) => String(c.id));

describe('applyGroupEvent', () => {
  it('removing me deletes the conversation locally; removing someone else does not', () => {
    const gone = applyGroupEvent(
      data(),
      { type: 'removeUser', data: { group_id: 'group-5', user_id: me, avatar: '' } },
      me,
    );
    expect(ids(gone.data)).toEqual(['2']);
    expect(gone.removed).toBe('group-5');
    const other = applyGroupEvent(
      data(),
      { type: 'removeUser', data: { group_id: 'group-5', user_id: 7, avatar: '' } },
      me,
    );
    expect(ids(other.data)).toEqual(['2', 'group-5']);
    expect(other.removed).toBeNull();
  });
  it('a disbanded group disappears; a removeGroup with a user id is not about groups', () => {
    expect(ids(applyGroupEvent(data(), { type: 'removeGroup', data: { group_id: 'group-5' } }, me).data)).toEqual([
      '2',
    ]);
    const friend = applyGroupEvent(data(), { type: 'removeGroup', data: { group_id: 2 } }, me);
    expect(ids(friend.data)).toEqual(['2', 'group-5']);
    expect(friend.removed).toBeNull();
  });
  it('adds a new group, renames, stores notice, setting and my role', () => {
    let d = applyGroupEvent(data(), { type: 'addGroup', data: contact('group-6', { role: 3 }) }, me).data;
    expect(ids(d)).toEqual(['group-6', '2', 'group-5']);
    d = applyGroupEvent(
      d,
      { type: 'editGroupName', data: { id: 'group-5', displayName: 'Team', editUserName: 'x' } },
      me,
    ).data;
    d = applyGroupEvent(d, { type: 'setNotice', data: { group_id: 'group-5', notice: '<p>hi</p>' } }, me).data;
    d = applyGroupEvent(
      d,
      { type: 'groupSetting', data: { group_id: 'group-5', setting: { ...setting, nospeak: '1' } } },
      me,
    ).data;
    d = applyGroupEvent(
      d,
      { type: 'setManager', data: { group_id: 'group-5', user_id: me, role: 2, avatar: '' } },
      me,
    ).data;
    const g = d.contacts.find((c) => c.id === 'group-5');
    expect(g).toMatchObject({ displayName: 'Team', notice: '<p>hi</p>', setting: { nospeak: '1' }, role: 2 });
  });
  it('a transfer makes me owner, or the old owner a member', () => {
    const mine = applyGroupEvent(data(), { type: 'changeOwner', data: { group_id: 'group-5', user_id: me } }, me).data;
    expect(mine.contacts[1]).toMatchObject({ role: 1, owner_id: me });
    const owned: ContactsData = { contacts: [contact('group-5', { role: 1, owner_id: me })], pendingFriends: 0 };
    expect(
      applyGroupEvent(owned, { type: 'changeOwner', data: { group_id: 'group-5', user_id: 4 } }, me).data.contacts[0],
    ).toMatchObject({ role: 3, owner_id: 4 });
  });
});

describe('handleGroupEvent', () => {
  it('tells an open screen of that group, unless I left it myself', () => {
    const qc = new QueryClient();
    qc.setQueryData(contactsKey, data());
    const heard: string[] = [];
    const off = onGroupRemoved((c) => heard.push(c));
    handleGroupEvent(qc, { type: 'removeUser', data: { group_id: 'group-5', user_id: me, avatar: '' } }, me);
    expect(heard).toEqual(['group-5']);
    expect(ids(qc.getQueryData<ContactsData>(contactsKey) as ContactsData)).toEqual(['2']);
    qc.setQueryData(contactsKey, data());
    expectOwnRemoval('group-5');
    handleGroupEvent(qc, { type: 'removeGroup', data: { group_id: 'group-5' } }, me);
    expect(heard).toEqual(['group-5']);
    off();
  });
});
