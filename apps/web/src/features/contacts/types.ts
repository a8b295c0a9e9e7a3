import type { GroupScanResult, ScannedUser } from '@parley/protocol';

/** Shapes of the friends and QR answers come from the protocol package (PROTOCOL §3.3, §6, §7). */
export type { FriendRequest, GroupInfo, GroupScanResult, ScannedUser, UserCard, UserSummary } from '@parley/protocol';
export { FriendStatus } from '@parley/protocol';

/** What POSTing a scanned Parley code answers: a user card or a group to join. */
export type ScanAnswer = ScannedUser | GroupScanResult;

/** My relation row with someone, as getUserInfo's `friend` carries it (`""` = not friends). */
export type FriendRow = Exclude<import('@parley/protocol').UserCard['friend'], ''>;
