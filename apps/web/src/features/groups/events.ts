import type { QueryClient } from '@tanstack/react-query';
import type { Contact, GroupSetting } from '@parley/protocol';
import { contactsKey } from '../conversations/api';
import { keyOf, patchContact, type ContactsData } from '../conversations/model';
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

type Payload = Record<string, unknown>;

export interface GroupEventResult {
  data: ContactsData;
  /** The conversation I lost ("group-N"), if any. */
  removed: string | null;
  /** The group whose member data changed. */
  group: string | null;
}

/** The group an event is about; a bare number in `removeGroup` is a friend deletion (§7), not ours. */
const gidOf = (d: Payload, type?: GroupEventType): string | null => {
  const raw = d.group_id ?? d.id;
  if (raw === undefined || raw === null || raw === '') return null;
  if (type === 'removeGroup' && !String(raw).startsWith('group-')) return null;
  return groupKey(String(raw));
};

function isContact(v: unknown): v is Contact {
  return typeof v === 'object' && v !== null && 'id' in v && 'displayName' in v;
}

function without(data: ContactsData, key: string): ContactsData {
  return { ...data, contacts: data.contacts.filter((c) => keyOf(c.id) !== key) };
}

export function applyGroupEvent(data: ContactsData, type: GroupEventType, payload: unknown, myId: number): GroupEventResult {
  const d = (payload ?? {}) as Payload;
  const gid = gidOf(d, type);
  const same = (next: ContactsData): GroupEventResult => ({ data: next, removed: null, group: gid });
  switch (type) {
    case 'addGroup': {
      if (!isContact(payload)) return same(data);
      const key = keyOf(payload.id);
      const rest = data.contacts.filter((c) => keyOf(c.id) !== key);
      return { data: { ...data, contacts: [{ ...payload }, ...rest] }, removed: null, group: key };
    }
    case 'editGroupName':
      return gid ? same(patchContact(data, gid, { displayName: String(d.displayName ?? ''), realname: String(d.displayName ?? '') })) : same(data);
    case 'setManager':
      return gid && Number(d.user_id) === myId ? same(patchContact(data, gid, { role: Number(d.role) })) : same(data);
    case 'removeUser':
      if (gid && Number(d.user_id) === myId) return { data: without(data, gid), removed: gid, group: gid };
      return same(data);
    case 'removeGroup':
      return gid ? { data: without(data, gid), removed: gid, group: gid } : same(data);
    case 'setNotice':
      return gid ? same(patchContact(data, gid, { notice: String(d.notice ?? '') })) : same(data);
    case 'groupSetting':
      return gid ? same(patchContact(data, gid, { setting: d.setting as GroupSetting })) : same(data);
    case 'changeOwner': {
      if (!gid) return same(data);
      const newOwner = Number(d.user_id);
      const mine = data.contacts.find((c) => keyOf(c.id) === gid);
      const role = newOwner === myId ? 1 : mine?.role === 1 ? 3 : mine?.role;
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
export function handleGroupEvent(qc: QueryClient, type: GroupEventType, payload: unknown, myId: number | null): boolean {
  if (type !== 'addGroup' && !gidOf((payload ?? {}) as Payload, type)) return false;
  const data = qc.getQueryData<ContactsData>(contactsKey);
  if (myId === null) return true;
  const result = data ? applyGroupEvent(data, type, payload, myId) : null;
  if (result) qc.setQueryData(contactsKey, result.data);
  else void qc.invalidateQueries({ queryKey: contactsKey });
  const gid = result?.group ?? gidOf((payload ?? {}) as Payload, type);
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
