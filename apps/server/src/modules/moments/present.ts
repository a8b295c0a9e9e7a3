import {
  defaultVideoPoster,
  momentLimits,
  type Moment,
  type MomentComment,
  type MomentImage,
  type MomentLike,
  type MomentLocation,
  type MomentNotice,
  type MomentNoticeKind,
  type MomentVideo,
  type UserSummary,
} from '@parley/protocol';
import type { FileRow } from '../files/index';
import { absoluteUrl, avatarUrl, type UserRow } from '../users/index';
import type { CommentRow, LikeRow, MomentRow, NoticeRow } from './moments.repo';

/** Pure shapes of PROTOCOL §9 from rows; everything a reader may not see is filtered before. */

export interface PresentContext {
  viewerId: number;
  origin: string;
  people: Map<number, UserRow>;
  /** The viewer's remark names. */
  remarks: Map<number, string>;
  files: Map<number, FileRow>;
}

export function summaryOf(id: number, c: Pick<PresentContext, 'people' | 'remarks' | 'origin'>): UserSummary {
  const u = c.people.get(id);
  return {
    id,
    user_id: id,
    realname: u?.realname ?? '',
    displayName: c.remarks.get(id) || u?.realname || '',
    account: u?.account ?? '',
    avatar: avatarUrl(c.origin, u?.avatar ?? ''),
    name_py: u?.name_py ?? '',
  };
}

export function parseImageIds(json: string): number[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x) && x > 0) : [];
  } catch {
    return [];
  }
}

const num = (v: unknown): number => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
};
const text = (v: unknown, max: number): string =>
  typeof v === 'string' || typeof v === 'number' ? String(v).trim().slice(0, max) : '';

/** The stored location from a client's `location` object; undefined when it names no place. */
export function cleanLocation(v: Record<string, unknown> | undefined): MomentLocation | undefined {
  if (!v) return undefined;
  const loc = {
    name: text(v.name, 100),
    address: text(v.address, 255),
    latitude: num(v.latitude),
    longitude: num(v.longitude),
  };
  if (Math.abs(loc.latitude) > 90 || Math.abs(loc.longitude) > 180) return undefined;
  if (!loc.name && !loc.address && loc.latitude === 0 && loc.longitude === 0) return undefined;
  return loc;
}

function parseLocation(json: string): MomentLocation | null {
  if (!json) return null;
  try {
    const v: unknown = JSON.parse(json);
    return v && typeof v === 'object' ? (cleanLocation(v as Record<string, unknown>) ?? null) : null;
  } catch {
    return null;
  }
}

function image(f: FileRow, origin: string): MomentImage {
  return { file_id: f.id, url: absoluteUrl(origin, f.path, f.path), width: f.width, height: f.height };
}

function video(f: FileRow, origin: string): MomentVideo {
  return {
    file_id: f.id,
    url: absoluteUrl(origin, f.path, f.path),
    poster: absoluteUrl(origin, defaultVideoPoster, defaultVideoPoster),
    duration: 0,
  };
}

/** Thumbnail URL of a post's first picture, '' when it has none. */
function thumbOf(row: MomentRow, c: Pick<PresentContext, 'files' | 'origin'>): string {
  const first = c.files.get(parseImageIds(row.images)[0] ?? 0);
  if (first) return absoluteUrl(c.origin, first.thumb_path || first.path, first.path);
  return row.video_id > 0 && c.files.has(row.video_id)
    ? absoluteUrl(c.origin, defaultVideoPoster, defaultVideoPoster)
    : '';
}

export function commentOf(row: CommentRow, c: PresentContext): MomentComment {
  const by = summaryOf(row.user_id, c);
  return {
    id: row.id,
    moment_id: row.moment_id,
    user_id: row.user_id,
    displayName: by.displayName,
    avatar: by.avatar,
    reply_user_id: row.reply_user_id,
    reply_name: row.reply_user_id > 0 ? summaryOf(row.reply_user_id, c).displayName : '',
    content: row.content,
    createTime: row.create_time_ms,
  };
}

function likeOf(row: LikeRow, c: PresentContext): MomentLike {
  const by = summaryOf(row.user_id, c);
  return { user_id: row.user_id, displayName: by.displayName, avatar: by.avatar };
}

export function momentOf(row: MomentRow, likes: LikeRow[], comments: CommentRow[], c: PresentContext): Moment {
  const images = parseImageIds(row.images).flatMap((id) => {
    const f = c.files.get(id);
    return f ? [image(f, c.origin)] : [];
  });
  const v = row.video_id > 0 ? c.files.get(row.video_id) : undefined;
  return {
    id: row.id,
    user_id: row.user_id,
    user: summaryOf(row.user_id, c),
    content: row.content,
    images,
    video: v ? video(v, c.origin) : null,
    location: parseLocation(row.location),
    visibility: row.visibility === 0 ? 0 : 1,
    createTime: row.create_time_ms,
    likes: likes.map((l) => likeOf(l, c)),
    comments: comments.map((cm) => commentOf(cm, c)),
    liked: likes.some((l) => l.user_id === c.viewerId),
    canDelete: row.user_id === c.viewerId,
  };
}

export function noticeOf(row: NoticeRow, post: MomentRow | undefined, c: PresentContext): MomentNotice {
  return {
    id: row.id,
    kind: row.kind as MomentNoticeKind,
    moment_id: row.moment_id,
    user: summaryOf(row.from_user, c),
    content: row.content,
    createTime: row.create_time_ms,
    moment: {
      id: row.moment_id,
      content: [...(post?.content ?? '')].slice(0, momentLimits.noticeQuote).join(''),
      thumb: post ? thumbOf(post, c) : '',
    },
    unread: row.is_read === 0,
  };
}
