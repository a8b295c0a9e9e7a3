/**
 * Who hears each conversation-preference event (PROTOCOL §3.2, §11.4): my pin and notify
 * switches are mine alone, so only my own connections hear of them.
 */

/** `setChatTop`, `setIsNotice` → my connections (the one that made the change included). */
export const prefRecipients = (me: number): number[] => [me];
