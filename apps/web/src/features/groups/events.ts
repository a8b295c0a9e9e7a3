import type { QueryClient } from '@tanstack/react-query';
import { GroupRole, type SocketEventMap } from '@parley/protocol';
import { contactsKey } from '../../state/conversations/api';
import { keyOf, patchContact, type ContactsData } from '../../state/conversations/model';
import { groupKey, refreshGroup, selectableKey } from './api';

/**
 * Group events of PROTOCOL §11.4 → the conversation list (a pure reducer, tested) and the
 * group screens' queries. Removal of me or of the group deletes the conversation locally
 * (spec §4) and tells an open screen of that group to leave.
 */

export type GroupEventType =
  | 'addGroup'
  | 'addGroupUser'
  | 'editGroupName'
  | 'setManager'
  | 'removeUser'
  | 'setNoSpeak'
  | 'removeGroup'
  | 'setNotice'
  | 'groupSetting'
  | 'updateCard'
  | 'changeOwner';

/** One group event as the dispatcher hands it over: its type and its payload (PROTOCOL §11.4). */
export type GroupEvent = { [K in GroupEventType]: { type: K; data: SocketEventMap[K] } }[GroupEventType];

export interface GroupEventResult {
  data: ContactsData;
  /** The conversation I lost ("group-N"), if any. */
  removed: string | null;
  /** The group whose member data changed. */
  group: string | null;
}

/** The group an event is about; a bare number in `removeGroup` is a friend deletion (§7), not ours. */
function groupOf(ev: GroupEvent): string | null {
  switch (ev.type) {
    case 'addGroup':
      return groupKey(ev.data.group_id ?? ev.data.id);
    case 'editGroupName':
      return groupKey(ev.data.id);
    case 'removeGroup':
      return typeof ev.data.group_id === 'string' && ev.data.group_id.startsWith('group-')
        ? groupKey(ev.data.group_id)
        : null;
    default:
      return groupKey(ev.data.group_id);
  }
}

function without(data: ContactsData, key: string): ContactsData {
  return { ...data, contacts: data.contacts.filter((c) => keyOf(c.id) !== key) };
}

export function applyGroupEvent(data: ContactsData, ev: GroupEvent, myId: number): GroupEventResult {
  const gid = groupOf(ev);
  const same = (next: ContactsData): GroupEventResult => ({ data: next, removed: null, group: gid });
  switch (ev.type) {
    case 'addGroup': {
      const key = keyOf(ev.data.id);
      const rest = data.contacts.filter((c) => keyOf(c.id) !== key);
      return { data: { ...data, contacts: [{ ...ev.data }, ...rest] }, removed: null, group: key };
    }
    case 'editGroupName':
      return gid
        ? same(patchContact(data, gid, { displayName: ev.data.displayName, realname: ev.data.displayName }))
        : same(data);
    case 'setManager':
      return gid && ev.data.user_id === myId ? same(patchContact(data, gid, { role: ev.data.role })) : same(data);
    case 'removeUser':
      if (gid && ev.data.user_id === myId) return { data: without(data, gid), removed: gid, group: gid };
      return same(data);
    case 'removeGroup':
      return gid ? { data: without(data, gid), removed: gid, group: gid } : same(data);
    case 'setNotice':
      return gid ? same(patchContact(data, gid, { notice: ev.data.notice })) : same(data);
    case 'groupSetting':
      return gid ? same(patchContact(data, gid, { setting: ev.data.setting })) : same(data);
    case 'changeOwner': {
      if (!gid) return same(data);
      const newOwner = ev.data.user_id;
      const mine = data.contacts.find((c) => keyOf(c.id) === gid);
      const role = newOwner === myId ? GroupRole.owner : mine?.role === GroupRole.owner ? GroupRole.member : mine?.role;
      return same(patchContact(data, gid, { owner_id: newOwner, role }));
    }
    case 'addGroupUser':
    case 'setNoSpeak':
    case 'updateCard':
      return same(data);
  }
}

type RemovalListener = (conversation: string) => void;
const removalListeners = new Set<RemovalListener>();
/** Groups I am leaving or disbanding myself: their removal push is no news to tell. */
const ownRemovals = new Set<string>();

export function expectOwnRemoval(gid: string): void {
  ownRemovals.add(groupKey(gid));
}

/** Screens of a group subscribe to leave when I am removed or the group is disbanded. */
export function onGroupRemoved(fn: RemovalListener): () => void {
  removalListeners.add(fn);
  return () => removalListeners.delete(fn);
}

/**
 * Apply one group event to the cache (called by the realtime dispatcher). False when the event
 * is not about a group (a `removeGroup` with a user id is a friend deletion).
 */
export function handleGroupEvent(qc: QueryClient, ev: GroupEvent, myId: number | null): boolean {
  if (ev.type !== 'addGroup' && !groupOf(ev)) return false;
  const data = qc.getQueryData<ContactsData>(contactsKey);
  if (myId === null) return true;
  const result = data ? applyGroupEvent(data, ev, myId) : null;
  if (result) qc.setQueryData(contactsKey, result.data);
  else void qc.invalidateQueries({ queryKey: contactsKey });
  const gid = result?.group ?? groupOf(ev);
  if (gid) {
    refreshGroup(qc, gid);
    void qc.invalidateQueries({ queryKey: selectableKey(gid) });
  }
  if (result?.removed) {
    qc.removeQueries({ queryKey: ['messages', result.removed] });
    if (!ownRemovals.delete(result.removed)) for (const fn of removalListeners) fn(result.removed);
  }
  return true;
}
