import { z } from 'zod';
import { t } from './coerce';

/**
 * Read lists in groups (PROTOCOL §17, a Parley extension): who has read my group message and who
 * has not. Decisions where §17 is silent:
 * - **Counted members** of a message: members whose membership began before it (their join point
 *   `join_msg_id` is below its `msg_id`) and who are still members with a live account, the
 *   sender excluded. A member who left and came back counts from the return on: the membership
 *   that saw the message ended. A read mark that reached the message = read.
 * - **Which rows carry counts**: group rows I sent, except system lines (`type` event, which recalled
 *   rows become); announcements (`is_group` 2) only for the admin who published them. Rows of others
 *   carry neither field, and neither does anything while `chatInfo.readList` is 0.
 * - **`read_time`**: when the reader's mark first passed the message. Marks keep their last
 *   {@link READ_LOG_KEEP} moves with their times (in the same row as the mark, no row per message);
 *   for a message older than every kept move the oldest kept time is given (an upper bound), 0
 *   when no time was ever recorded (marks older than this feature).
 * - **Order**: unread by display name (pinyin of Chinese names, case-insensitive), then user id;
 *   read newest `read_time` first, then display name. Display name = my remark, else the group
 *   card, else the real name (as chat rows name senders).
 * - **Pushes**: `groupRead` → the sender's connections after a member's mark passes the message,
 *   at most one per message per {@link GROUP_READ_PUSH_MS} across all nodes, coalesced (the state
 *   after the last read always arrives), only for messages younger than
 *   {@link GROUP_READ_PUSH_DAYS} days; announcements push with `group_id` "admin_notice". A read that
 *   passes more of others' messages at once (a member catching up on a busy group) pushes for the
 *   newest {@link GROUP_READ_PUSH_ROWS} of them: the screen a sender looks at. Older rows carry their
 *   current counts whenever they are fetched; a push per row passed would make one catch-up read of a
 *   day's traffic cost the server thousands of pushes.
 * - **Switch**: `chatInfo.readList` (default 1, `/manage/config/setConfig` name chatInfo). At 0
 *   no row carries counts, nothing is pushed and `readList` answers 400 `chat.readListDenied`.
 */

export const READ_LIST_TYPES = ['unread', 'read'] as const;
export type ReadListType = (typeof READ_LIST_TYPES)[number];
export const READ_LIST_LIMIT_MAX = 100;
/** Moves of a read mark kept with their times (see `read_time` above). */
export const READ_LOG_KEEP = 8;
/** At most one `groupRead` per message in this many ms. */
export const GROUP_READ_PUSH_MS = 1000;
/** `groupRead` only for messages younger than this. */
export const GROUP_READ_PUSH_DAYS = 7;
/** One read pushes for at most this many (the newest) of the messages its mark passed. */
export const GROUP_READ_PUSH_ROWS = 100;

export const readListParams = z.object({
  id: t.uuid.req(),
  type: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 'unread' : typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.enum(READ_LIST_TYPES),
  ),
  page: t.int.def(1),
  limit: t.int.def(20),
});
export type ReadListParams = z.infer<typeof readListParams>;

/** One reader (or not-yet reader) of `readList`. */
export interface ReadListRow {
  user_id: number;
  displayName: string;
  avatar: string;
  /** Milliseconds; 0 in the unread list (and for reads older than this feature). */
  read_time: number;
}

/** The counts a group row I sent carries (§17), also the payload of `groupRead` with its ids. */
export interface ReadCounts {
  readCount: number;
  unreadCount: number;
}

/** `groupRead` (§17): members read my message `id` of `group_id` ("group-N" or "admin_notice"). */
export interface GroupReadEvent extends ReadCounts {
  group_id: string;
  id: string;
}
