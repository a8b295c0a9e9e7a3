import type { CompassInfo, CompassItem, Moment, MomentComment, MomentLike } from '@parley/protocol';
import { limits } from '@parley/protocol';

/** Pure logic of Discover and Moments: cache patches, the picture grid, links, media rules. */

export function mapPosts(page: Moment[], id: number, fn: (p: Moment) => Moment | null): Moment[] {
  return page.flatMap((p) => {
    if (p.id !== id) return [p];
    const next = fn(p);
    return next ? [next] : [];
  });
}

export const withLikes = (p: Moment, likes: MomentLike[], me: number): Moment => ({
  ...p,
  likes,
  liked: likes.some((l) => l.user_id === me),
});
export const withComment = (p: Moment, c: MomentComment): Moment =>
  p.comments.some((x) => x.id === c.id) ? p : { ...p, comments: [...p.comments, c] };
export const withoutComment = (p: Moment, id: number): Moment => ({
  ...p,
  comments: p.comments.filter((c) => c.id !== id),
});

/** Columns of the picture grid: one picture alone, 2 and 4 as 2×2, the rest 3 across. */
export function gridColumns(count: number): 1 | 2 | 3 {
  if (count <= 1) return 1;
  return count === 2 || count === 4 ? 2 : 3;
}

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const LINK_RE = /\b(?:https?:\/\/|www\.)[^\s<>"'，。！？、；：）】」]+/gi;
const TRAILING = /[.,;:!?)\]}'"]+$/;

/** Plain text split into text and web links (http, https, www.); nothing else becomes markup. */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const m of text.matchAll(LINK_RE)) {
    const start = m.index;
    let raw = m[0];
    const trail = TRAILING.exec(raw)?.[0] ?? '';
    raw = raw.slice(0, raw.length - trail.length);
    if (!raw) continue;
    if (start > at) parts.push({ kind: 'text', text: text.slice(at, start) });
    parts.push({ kind: 'link', text: raw, href: /^www\./i.test(raw) ? `https://${raw}` : raw });
    at = start + raw.length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}

export type MediaKind = 'image' | 'video';
export const maxImages = limits.momentsImages;

/**
 * What a pick adds (§9: up to 9 pictures or one video): `accepted` files in order and why the
 * rest were left out.
 */
export function acceptPicks(
  current: MediaKind[],
  picked: Array<{ kind: MediaKind | 'other' }>,
): { accepted: number[]; refused: 'tooMany' | 'mixed' | null } {
  const accepted: number[] = [];
  let refused: 'tooMany' | 'mixed' | null = null;
  const kinds = [...current];
  picked.forEach((f, i) => {
    if (f.kind === 'other') return;
    const hasVideo = kinds.includes('video');
    const hasImage = kinds.includes('image');
    if ((f.kind === 'video' && hasImage) || (f.kind === 'image' && hasVideo)) {
      refused = 'mixed';
      return;
    }
    if ((f.kind === 'video' && hasVideo) || (f.kind === 'image' && kinds.length >= maxImages)) {
      refused = 'tooMany';
      return;
    }
    kinds.push(f.kind);
    accepted.push(i);
  });
  return { accepted, refused };
}

/** Moves one entry; out-of-range moves change nothing. */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

export type DiscoverEntry = { kind: 'moments' } | { kind: 'item'; item: CompassItem };

/** The Discover list: Moments first, then the administrator's enabled items by `order`. */
export function discoverEntries(compass: CompassInfo): DiscoverEntry[] {
  const items = compass.status === 1 ? compass.list.filter((i) => i.status === 1 && i.name && i.url) : [];
  return [
    { kind: 'moments' },
    ...[...items].sort((a, b) => a.order - b.order).map((item) => ({ kind: 'item' as const, item })),
  ];
}

/** Where a compass item leads: an in-app hash path (type 1) or an http(s) page (type 2). */
export function compassTarget(item: CompassItem): { kind: 'app'; path: string } | { kind: 'web'; url: string } | null {
  const url = item.url.trim();
  if (item.type === 1) {
    const path = url.replace(/^#/, '');
    return path.startsWith('/') ? { kind: 'app', path } : null;
  }
  return /^https?:\/\//i.test(url) ? { kind: 'web', url } : null;
}

/** Icons per page of the Discover grid (two rows of four on a phone). */
const GRID_PAGE = 8;

/** [from, to) ranges of the grid's pages; one page when everything fits. */
export function gridPages(count: number, size = GRID_PAGE): Array<[number, number]> {
  const pages: Array<[number, number]> = [];
  for (let from = 0; from < Math.max(count, 1); from += size) pages.push([from, Math.min(from + size, count)]);
  return pages;
}
