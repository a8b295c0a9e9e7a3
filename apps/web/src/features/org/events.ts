import type { QueryClient } from '@tanstack/react-query';
import { orgRoot } from './api';

const followers = new Set<() => void>();
/** An `orgChanged` came that no address book has read the contact list again for. */
let unseen = false;

/**
 * `orgChanged` (PROTOCOL §18): departments or who is in them changed. Every tree and member list
 * is refetched (the open ones at once, the others when next shown); cards are marked stale too,
 * as they carry department names.
 *
 * So does the contact list (getContacts): its rows carry department names, and in runMode 1 it is
 * everyone in the company, so a newcomer or a departure changes it. It is not read again here: one
 * registration would make every connected client read its whole list (about 12 ms of server CPU
 * each for 500 chats). The address book reads it, at once when it is on screen and else when it
 * is next shown (`followOrgChanges`). A query merely marked stale would not do: any push that
 * patches the list (a colleague coming online) makes it fresh again.
 */
export function onOrgChanged(qc: QueryClient): void {
  void qc.invalidateQueries({ queryKey: orgRoot });
  void qc.invalidateQueries({ queryKey: ['userInfo'] });
  unseen = true;
  for (const f of followers) f();
}

/**
 * For an address book on screen: calls `reread` now if an `orgChanged` came since the list was
 * last read for one, then after each `orgChanged` until the returned function is called.
 */
export function followOrgChanges(reread: () => void): () => void {
  const follower = () => {
    unseen = false;
    reread();
  };
  if (unseen) follower();
  followers.add(follower);
  return () => void followers.delete(follower);
}
