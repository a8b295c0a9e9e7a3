import type { Generated } from 'kysely';

/** Tables of migration 0009 (moments, PROTOCOL §9); conventions as in schema.ts. */

export interface MomentsTable {
  id: Generated<number>;
  user_id: number;
  /** Plain text as written (≤ 2048 chars). */
  content: string;
  /** JSON array of image file ids, in the author's order ('[]' for none). */
  images: string;
  /** The one video's file id, 0 for none. */
  video_id: number;
  /** JSON `{name, address, latitude, longitude}`, '' for none. */
  location: string;
  /** 1 my contact set, 0 only me. */
  visibility: number;
  create_time_ms: number;
}

export interface MomentLikesTable {
  id: Generated<number>;
  moment_id: number;
  user_id: number;
  create_time_ms: number;
}

export interface MomentCommentsTable {
  id: Generated<number>;
  moment_id: number;
  user_id: number;
  /** 0 when the comment answers the post. */
  reply_user_id: number;
  content: string;
  create_time_ms: number;
}

export interface MomentNoticesTable {
  id: Generated<number>;
  /** Who is told. */
  user_id: number;
  /** 'like' | 'comment' | 'reply'. */
  kind: string;
  moment_id: number;
  /** Who did it. */
  from_user: number;
  /** The comment behind a comment / reply notice, 0 for a like. */
  comment_id: number;
  content: string;
  is_read: Generated<number>;
  create_time_ms: number;
}

/** Per user: the newest post id they had when they last read the feed ("new posts" badge). */
export interface MomentReadsTable {
  user_id: number;
  seen_id: number;
}

export interface MomentTables {
  moments: MomentsTable;
  moment_likes: MomentLikesTable;
  moment_comments: MomentCommentsTable;
  moment_notices: MomentNoticesTable;
  moment_reads: MomentReadsTable;
}
