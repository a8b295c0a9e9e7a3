/**
 * Who hears each friend event (PROTOCOL §7, §11.4): one function per event. Both sides of a
 * friendship hear of its start and end, each with its own payload (the other as a contact).
 */

/** A friend request (`simple` to "system") → its target only; the sender already knows. */
export const requestRecipients = (target: number): number[] => [target];

/** `appendContact`, a friendship began → this side; call once per side with its own payload. */
export const friendshipRecipients = (side: number): number[] => [side];

/** `setNickname`, my remark name for someone changed → my own connections (all my devices). */
export const remarkRecipients = (me: number): number[] => [me];

/** `removeGroup` with a user id, a friendship ended → this side; call once per side. */
export const unfriendRecipients = (side: number): number[] => [side];
