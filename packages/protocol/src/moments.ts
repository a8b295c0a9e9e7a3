import { z } from 'zod';
import { item, paging, t } from './coerce';
import { limits } from './limits';
import type { UserSummary } from './messages';

/**
 * Moments (PROTOCOL §9): posts of up to 9 images or one video shared with my contact set,
 * likes, comments and replies, notices of them, and the `moments` push that drives badges.
 */

/** 1 = my contact set (default), 0 = only me. */
export type MomentVisibility = 0 | 1;

export const momentLimits = {
  content: limits.momentPost,
  comment: limits.momentComment,
  images: limits.momentsImages,
  /** `list` page size (§9: 10 by default, at most 50). */
  pageDefault: 10,
  pageMax: 50,
  /** Characters of the post quoted in a notice. */
  noticeQuote: 50,
} as const;

export const momentsListParams = z.object({
  last_id: t.int.def(0),
  limit: t.int.def(momentLimits.pageDefault),
  user_id: t.uid.opt(),
});
export const momentsPublishParams = z.object({
  content: t.str.def(''),
  images: t.list(item.uid).def([]),
  video: t.int.def(0),
  location: t.obj.opt(),
  visibility: t.flag.def(1),
});
export const momentIdParams = z.object({ id: t.int.req() });
export const momentsCommentParams = z.object({ id: t.int.req(), content: t.str.req(), reply_user_id: t.int.def(0) });
export const momentsNoticesParams = z.object({ ...paging });

export interface MomentImage {
  file_id: number;
  url: string;
  width: number;
  height: number;
}
export interface MomentVideo {
  file_id: number;
  url: string;
  poster: string;
  duration: number;
}
export interface MomentLocation {
  name: string;
  address: string;
  latitude: number;
  longitude: number;
}
export interface MomentLike {
  user_id: number;
  displayName: string;
  avatar: string;
}
export interface MomentComment {
  id: number;
  moment_id: number;
  user_id: number;
  displayName: string;
  avatar: string;
  /** 0 when the comment answers the post itself. */
  reply_user_id: number;
  reply_name: string;
  content: string;
  /** Milliseconds. */
  createTime: number;
}
export interface Moment {
  id: number;
  user_id: number;
  user: UserSummary;
  /** Plain text: clients never render it as HTML. */
  content: string;
  images: MomentImage[];
  video: MomentVideo | null;
  location: MomentLocation | null;
  visibility: MomentVisibility;
  /** Milliseconds. */
  createTime: number;
  likes: MomentLike[];
  comments: MomentComment[];
  liked: boolean;
  canDelete: boolean;
}

/** Answer of `like` / `unlike`. */
export interface MomentLikes {
  id: number;
  likes: MomentLike[];
}

export type MomentNoticeKind = 'like' | 'comment' | 'reply';
export interface MomentNotice {
  id: number;
  kind: MomentNoticeKind;
  moment_id: number;
  user: UserSummary;
  /** The comment text ('' for a like). */
  content: string;
  createTime: number;
  moment: { id: number; content: string; thumb: string };
  /** Parley extension: whether it was unread when this page was read. */
  unread?: boolean;
}

export interface MomentsUnread {
  /** Unread notices. */
  count: number;
  newPost: { user_id: number; avatar: string } | null;
}

export type MomentEventKind = 'post' | 'like' | 'comment';
/** The `moments` event (§11.4): only drives badges; clients re-read `unread` / `list`. */
export interface MomentEvent {
  kind: MomentEventKind;
  moment_id: number;
  user: UserSummary;
  comment?: MomentComment;
  createTime: number;
}
