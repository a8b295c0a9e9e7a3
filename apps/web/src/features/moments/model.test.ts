import { describe, expect, it } from 'vitest';
import type { CompassItem, Moment } from '@parley/protocol';
import {
  acceptPicks,
  compassTarget,
  discoverEntries,
  gridColumns,
  gridPages,
  linkify,
  mapPosts,
  move,
  withComment,
  withLikes,
  withoutComment,
} from './model';

const post = (id: number): Moment =>
  ({
    id,
    user_id: 1,
    content: '',
    images: [],
    video: null,
    location: null,
    visibility: 1,
    createTime: 0,
    likes: [],
    comments: [],
    liked: false,
    canDelete: false,
  }) as unknown as Moment;
const item = (p: Partial<CompassItem>): CompassItem => ({
  icon: '',
  name: 'x',
  type: 2,
  url: 'https://a.test',
  order: 0,
  status: 1,
  ...p,
});

describe('moments model', () => {
  it('lays pictures out as 1, 2×2 or 3 across', () => {
    expect([1, 2, 3, 4, 5, 9].map(gridColumns)).toEqual([1, 2, 3, 2, 3, 3]);
  });

  it('turns only web addresses into links and leaves markup as text', () => {
    expect(linkify('see https://a.test/x?y=1, and <b>www.b.test</b>.')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://a.test/x?y=1', href: 'https://a.test/x?y=1' },
      { kind: 'text', text: ', and <b>' },
      { kind: 'link', text: 'www.b.test', href: 'https://www.b.test' },
      { kind: 'text', text: '</b>.' },
    ]);
    expect(linkify('javascript:alert(1)')).toEqual([{ kind: 'text', text: 'javascript:alert(1)' }]);
  });

  it('accepts up to 9 pictures or one video, never both', () => {
    const nine = Array.from({ length: 8 }, () => 'image' as const);
    expect(acceptPicks(nine, [{ kind: 'image' }, { kind: 'image' }])).toEqual({ accepted: [0], refused: 'tooMany' });
    expect(acceptPicks(['image'], [{ kind: 'video' }])).toEqual({ accepted: [], refused: 'mixed' });
    expect(acceptPicks([], [{ kind: 'video' }, { kind: 'video' }])).toEqual({ accepted: [0], refused: 'tooMany' });
    expect(acceptPicks([], [{ kind: 'other' }, { kind: 'image' }])).toEqual({ accepted: [1], refused: null });
  });

  it('reorders and patches posts in place', () => {
    expect(move(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(move(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
    const page = [post(1), post(2)];
    expect(mapPosts(page, 2, () => null).map((p) => p.id)).toEqual([1]);
    const liked = withLikes(post(1), [{ user_id: 7, displayName: 'B', avatar: '' }], 7);
    expect(liked.liked).toBe(true);
    const c = {
      id: 5,
      moment_id: 1,
      user_id: 7,
      displayName: 'B',
      avatar: '',
      reply_user_id: 0,
      reply_name: '',
      content: 'hi',
      createTime: 0,
    };
    expect(withComment(withComment(post(1), c), c).comments).toHaveLength(1);
    expect(withoutComment(withComment(post(1), c), 5).comments).toEqual([]);
  });

  it('puts Moments first, then enabled items by order, only when Discover is on', () => {
    const list = [item({ name: 'b', order: 2 }), item({ name: 'a', order: 1 }), item({ name: 'off', status: 0 })];
    expect(
      discoverEntries({ status: 1, mode: 1, list }).map((e) => (e.kind === 'moments' ? 'moments' : e.item.name)),
    ).toEqual(['moments', 'a', 'b']);
    expect(discoverEntries({ status: 0, mode: 1, list })).toEqual([{ kind: 'moments' }]);
  });

  it('pages the Discover grid eight icons at a time', () => {
    expect(gridPages(3)).toEqual([[0, 3]]);
    expect(gridPages(8)).toEqual([[0, 8]]);
    expect(gridPages(11)).toEqual([
      [0, 8],
      [8, 11],
    ]);
  });

  it('opens app paths in the app and only http(s) pages outside', () => {
    expect(compassTarget(item({ type: 1, url: '#/pages/compass/moments' }))).toEqual({
      kind: 'app',
      path: '/pages/compass/moments',
    });
    expect(compassTarget(item({ type: 2, url: 'javascript:alert(1)' }))).toBeNull();
    expect(compassTarget(item({ type: 2, url: 'https://docs.test' }))).toEqual({
      kind: 'web',
      url: 'https://docs.test',
    });
  });
});
