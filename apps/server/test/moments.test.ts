import { beforeAll, describe, expect, it } from 'vitest';
import { connectSockets, type TestUser } from './helpers/index';
import { assertNothing, serverWithPeople } from './chat-fixtures';
import { expectFail } from './group-fixtures';
import { feed, moments, post, seedCircles, uploadAs, uploadImage } from './moments-fixtures';

/** Publishing and reading moments (PROTOCOL §9): media rules, who sees which post, paging, deletion. */

const { s, alice, bob, carol } = await serverWithPeople();
let dave: TestUser;
let erin: TestUser;

beforeAll(async () => {
  ({ dave, erin } = await seedCircles(s, alice, bob));
});

describe('publish', () => {
  it('stores text, images in order, location and visibility and answers the post', async () => {
    const [a, b] = [await uploadImage(s, alice, 40, 30), await uploadImage(s, alice, 20, 60)];
    const res = await moments(s, 'publish', alice, {
      content: 'Two pictures <b>not bold</b>',
      images: [b, a],
      location: { name: 'Office', address: '1 Main St', latitude: 31.2, longitude: 121.5 },
    });
    expect(res.body.code, res.body.msg).toBe(0);
    const p = res.body.data;
    expect(p).toMatchObject({
      user_id: alice.id,
      content: 'Two pictures <b>not bold</b>',
      video: null,
      location: { name: 'Office', address: '1 Main St', latitude: 31.2, longitude: 121.5 },
      visibility: 1,
      likes: [],
      comments: [],
      liked: false,
      canDelete: true,
      user: { id: alice.id, displayName: 'Alice' },
    });
    expect(p.images.map((i: { file_id: number }) => i.file_id)).toEqual([b, a]);
    expect(p.images[0]).toMatchObject({ width: 20, height: 60 });
    expect(p.images[0].url).toMatch(/^http:\/\/.+\/storage\/image\/.+\.png$/);
    expect(p.createTime).toBe(s.clock.now());
  });

  it('accepts one video with its poster, and form bodies', async () => {
    const v = await uploadAs(s, alice, 'clip.mp4', new Uint8Array([0, 0, 0, 24, 102, 116, 121, 112]));
    const res = await moments(s, 'publish', alice, { video: v, visibility: 0 }, true);
    expect(res.body.code, res.body.msg).toBe(0);
    expect(res.body.data.video).toMatchObject({
      file_id: v,
      poster: expect.stringMatching(/\/static\/common\/img\/video\.png$/),
    });
    expect(res.body.data).toMatchObject({ images: [], visibility: 0, content: '' });
  });

  it('refuses empty posts, too much media, long text and media that is not mine or of the wrong kind', async () => {
    await expectFail(moments(s, 'publish', alice, { content: '   ' }), 'Write something or add media');
    const ten = await Promise.all(Array.from({ length: 10 }, () => uploadImage(s, alice)));
    await expectFail(moments(s, 'publish', alice, { images: ten }), 'Up to 9 images or 1 video');
    const v = await uploadAs(s, alice, 'clip.mp4', new Uint8Array([1, 2, 3]));
    await expectFail(moments(s, 'publish', alice, { images: [ten[0]], video: v }), 'Up to 9 images or 1 video');
    await expectFail(moments(s, 'publish', alice, { content: 'x'.repeat(2049) }), 'Invalid parameter: content');
    expect((await moments(s, 'publish', alice, { content: '字'.repeat(2048), visibility: 0 })).body.code).toBe(0);
    const bobs = await uploadImage(s, bob);
    await expectFail(moments(s, 'publish', alice, { images: [bobs] }), 'Invalid parameter: images');
    const doc = await uploadAs(s, alice, 'notes.txt', new TextEncoder().encode('hi'));
    await expectFail(moments(s, 'publish', alice, { images: [doc] }), 'Invalid parameter: images');
    await expectFail(moments(s, 'publish', alice, { video: ten[0] }), 'Invalid parameter: video');
    await expectFail(moments(s, 'publish', alice, { images: [999999] }), 'Invalid parameter: images');
    // Nothing half-written: none of the refused posts is in the feed.
    const mine = await feed(s, alice, { user_id: alice.id });
    expect(mine.data.some((p: { images: unknown[] }) => p.images.length === 10)).toBe(false);
  });

  it('answers in Chinese by default', async () => {
    const res = await s.api.post('/enterprise/moments/publish', {}, { token: alice.token });
    expect(res.body).toMatchObject({ code: 400, msg: '请输入内容或添加图片' });
  });

  it('pushes a shared post to the author\u2019s contact set only, and a private one to nobody', async () => {
    const [aWs, bWs, cWs, dWs, eWs] = await connectSockets(s.url, [alice, bob, carol, dave, erin]);
    const id = await post(s, alice, { content: 'hello circle' });
    for (const ws of [bWs, dWs]) {
      const ev = await ws.next<{ kind: string; moment_id: number; user: { id: number } }>('moments');
      expect(ev.data).toMatchObject({ kind: 'post', moment_id: id, user: { id: alice.id } });
    }
    for (const ws of [aWs, cWs, eWs]) await assertNothing(s, ws, 'moments');
    await post(s, alice, { content: 'just me', visibility: 0 });
    for (const ws of [aWs, bWs, cWs, dWs, eWs]) await assertNothing(s, ws, 'moments');
    for (const ws of [aWs, bWs, cWs, dWs, eWs]) ws.close();
  });
});

describe('list', () => {
  it('shows my posts and my contacts\u2019 shared posts, never strangers\u2019 or private ones', async () => {
    const shared = await post(s, alice, { content: 'for contacts' });
    const hidden = await post(s, alice, { content: 'for me', visibility: 0 });
    const ids = async (u: TestUser, body = {}) => (await feed(s, u, body)).data.map((p: { id: number }) => p.id);
    expect(await ids(alice)).toEqual(expect.arrayContaining([shared, hidden]));
    expect(await ids(bob)).toContain(shared);
    expect(await ids(bob)).not.toContain(hidden);
    expect(await ids(dave)).toContain(shared);
    expect(await ids(carol)).toEqual([]);
    expect(await ids(erin)).not.toContain(shared);
    // One author's feed: the same rules.
    expect(await ids(carol, { user_id: alice.id })).toEqual([]);
    expect(await ids(bob, { user_id: alice.id })).not.toContain(hidden);
    expect(await ids(alice, { user_id: alice.id })).toContain(hidden);
    const bobPost = await post(s, bob, { content: 'bob here' });
    expect(await ids(erin)).toEqual([bobPost]);
    expect(await ids(bob, { user_id: alice.id })).not.toContain(bobPost);
    expect(await ids(dave)).not.toContain(bobPost);
  });

  it('pages newest first below last_id, with count = all visible posts for the filter', async () => {
    const all = await feed(s, bob);
    expect(all.count).toBe(all.data.length);
    const first = await feed(s, bob, { limit: 2 });
    expect(first.data.map((p: { id: number }) => p.id)).toEqual(all.data.slice(0, 2).map((p: { id: number }) => p.id));
    expect(first.count).toBe(all.count);
    const next = await feed(s, bob, { limit: 2, last_id: first.data[1].id });
    expect(next.data.map((p: { id: number }) => p.id)).toEqual(all.data.slice(2, 4).map((p: { id: number }) => p.id));
    const authors = await feed(s, bob, { user_id: bob.id });
    expect(
      authors.data.every((p: { user_id: number; canDelete: boolean }) => p.user_id === bob.id && p.canDelete),
    ).toBe(true);
    expect(authors.count).toBe(authors.data.length);
    const onlyAlice = await feed(s, bob, { user_id: alice.id });
    expect(onlyAlice.data.every((p: { canDelete: boolean }) => !p.canDelete)).toBe(true);
  });

  it('refuses a bad cursor', async () => {
    await expectFail(moments(s, 'list', bob, { last_id: 'abc' }), 'Invalid parameter: last_id');
  });
});

describe('del', () => {
  it('lets only the author delete, and removes likes, comments and notices with the post', async () => {
    const id = await post(s, alice, { content: 'short-lived' });
    expect((await moments(s, 'like', bob, { id })).body.code).toBe(0);
    expect((await moments(s, 'comment', bob, { id, content: 'nice' })).body.code).toBe(0);
    await expectFail(moments(s, 'del', bob, { id }), 'Post not found');
    await expectFail(moments(s, 'del', carol, { id }), 'Post not found');
    expect((await moments(s, 'del', alice, { id })).body).toMatchObject({ code: 0, data: '' });
    const db = s.database.db;
    const left = await Promise.all([
      db.selectFrom('moments').select('id').where('id', '=', id).execute(),
      db.selectFrom('moment_likes').select('id').where('moment_id', '=', id).execute(),
      db.selectFrom('moment_comments').select('id').where('moment_id', '=', id).execute(),
      db.selectFrom('moment_notices').select('id').where('moment_id', '=', id).execute(),
    ]);
    expect(left.map((r) => r.length)).toEqual([0, 0, 0, 0]);
    expect((await feed(s, bob)).data.map((p: { id: number }) => p.id)).not.toContain(id);
    await expectFail(moments(s, 'like', bob, { id }), 'Post not found');
    await expectFail(moments(s, 'del', alice, { id }), 'Post not found');
  });
});
