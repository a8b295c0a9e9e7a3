/** Who hears of a change to a user (PROTOCOL §2.3, §11.4 `updateSelf`, `updateUser`). */

/** `updateSelf`, my Self object changed (settings, e-mail…) → my own connections. */
export const selfRecipients = (me: number): number[] => [me];

/** `updateUser`, my public face changed → me and everyone who shows it (contact set, fellow group members). */
export const faceRecipients = (me: number, audience: readonly number[]): number[] => [me, ...audience];
