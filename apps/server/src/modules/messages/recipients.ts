import { ContactKind } from '@parley/protocol';
/**
 * Who hears each message event (PROTOCOL §4.4–§4.6, §11.4): one function per event. Services
 * read what these need (members, the peer) and call them instead of deciding recipients inline.
 * A `group` message goes to every active member, split by payload variant in send.service.
 */

/** `simple`, a single-chat message → the peer gets theirs; my own devices get my side's copy. */
export const singleMessageRecipients = (me: number, peer: number): { peer: number[]; mine: number[] } => ({
  peer: [peer],
  mine: [me],
});

/** `simple`, a message to my favourites → only my own devices. */
export const favouritesMessageRecipients = (me: number): number[] => [me];

/** `isRead` and `readAll` → the one whose messages I read; my own devices learn nothing. */
export const readRecipients = (peer: number): number[] => [peer];

/** `atMsgList`, my unread mentions in a group → me, when I open it. */
export const atListRecipients = (me: number): number[] => [me];

/**
 * `undoMessage`, `delMessage`, `updateMessage` of a row → everyone who sees it: the members of
 * its group (passed in), both sides of a single chat, or the sender alone (favourites).
 */
export function rowRecipients(
  row: { is_group: number; from_user: number; to_user: number },
  groupMembers: readonly number[],
): number[] {
  if (row.is_group === ContactKind.group) return [...groupMembers];
  if (row.is_group === ContactKind.person) return [...new Set([row.from_user, row.to_user])];
  return [row.from_user];
}

/** `groupRead` (§17), members read my group message or announcement → my connections only. */
export const groupReadRecipients = (sender: number): number[] => [sender];
