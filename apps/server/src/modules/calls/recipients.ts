/**
 * Who hears each call signal (PROTOCOL §10, §11.4 `webrtc`): the other party with their copy,
 * and my own devices with mine (so they stop ringing or show the call record).
 */

/** A signal of mine → the other party of the call. */
export const peerRecipients = (peer: number): number[] => [peer];

/** The signalling side's own copy (the record, `otherOpt`, a busy answer) → its own connections. */
export const ownRecipients = (me: number): number[] => [me];
