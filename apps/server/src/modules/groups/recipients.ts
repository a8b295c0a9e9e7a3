/**
 * Who hears each group event (PROTOCOL §6, §11.4): one function per event, from the member lists
 * a service reads inside its transaction (active members, `ctx.members`). Services call these
 * instead of deciding recipients inline, so each rule has one home and one test.
 */

interface Member {
  user_id: number;
}
const uids = (members: readonly Member[]): number[] => members.map((m) => m.user_id);

/**
 * A change to the group or to a member's standing — editGroupName, setManager, setNoSpeak,
 * setNotice, groupSetting, changeOwner, clearMessage, updateCard — → every member after it.
 */
export const changeRecipients = (after: readonly Member[]): number[] => uids(after);

/** `addGroupUser` → those who were members before; the newcomers hear `addGroup` instead. */
export const addGroupUserRecipients = (before: readonly Member[]): number[] => uids(before);

/** `addGroup` → the newcomers of one role: each role gets the group contact as it sees it. */
export const addGroupRecipients = (newcomers: ReadonlyArray<Member & { role: number }>, role: number): number[] =>
  uids(newcomers.filter((m) => m.role === role));

/** `removeUser` → the members left, and the one who left or was removed (so their client drops the group). */
export const removeUserRecipients = (remaining: readonly Member[], removed: number): number[] => [
  ...uids(remaining),
  removed,
];

/** `removeGroup` (disband) → the members at the moment of deletion. */
export const disbandRecipients = (members: readonly Member[]): number[] => uids(members);
