import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSockets, type TestSocket, type TestUser } from './helpers/index';
import { assertNothing, serverWithPeople } from './chat-fixtures';
import { expectFail } from './group-fixtures';
import { feed, moments, post, seedCircles, uploadImage } from './moments-fixtures';

/**
 * Likes, comments, notices and the unread badge of moments (PROTOCOL §9): who may act, who is
 * told, and which likes and comments each viewer sees.
 * Circles (moments-fixtures): alice ↔ bob, alice ↔ dave, bob ↔ erin; carol knows nobody.
 */

const { s, alice, bob, carol } = await serverWithPeople();
let dave: TestUser;
let erin: TestUser;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  ({ dave, erin } = await seedCircles(s, alice, bob));
});
afterAll(() => sockets.forEach((ws) => ws.close()));

async function socketsOf<const T extends TestUser[]>(...us: T) {
  const list = await connectSockets(s.url, us);
  sockets.push(...list);
  return list as { [K in keyof T]: TestSocket };
}

type Post = {
  id: number;
  likes: Array<{ user_id: number }>;
  comments: Array<{ id: number; user_id: number; reply_user_id: number; reply_name: string; content: string }>;
  liked: boolean;
};
const seen = async (u: TestUser, id: number): Promise<Post | undefined> =>
  (await feed(s, u)).data.find((p: Post) => p.id === id);

describe('like and unlike', () => {
  it('is idempotent, tells the author once and nobody else, and never for my own post', async () => {
    const id = await post(s, alice, { content: 'like me' });
    const [aWs, bWs, cWs, dWs] = await socketsOf(alice, bob, carol, dave);
    const first = await moments(s, 'like', bob, { id });
    expect(first.body.code, first.body.msg).toBe(0);
    expect(first.body.data).toMatchObject({ id, likes: [{ user_id: bob.id, displayName: 'Bob' }] });
    const ev = await aWs.next<{ kind: string; moment_id: number; user: { id: number } }>('moments');
    expect(ev.data).toMatchObject({ kind: 'like', moment_id: id, user: { id: bob.id } });
    const again = await moments(s, 'like', bob, { id });
    expect(again.body.data.likes).toHaveLength(1);
    await assertNothing(s, aWs, 'moments'); // the first frame was consumed: a repeat makes no second one
    for (const ws of [bWs, cWs, dWs]) await assertNothing(s, ws, 'moments');
    await moments(s, 'like', alice, { id });
    await assertNothing(s, aWs, 'moments');
    expect((await seen(bob, id))?.liked).toBe(true);
    const un = await moments(s, 'unlike', bob, { id });
    expect(un.body.data.likes.map((l: { user_id: number }) => l.user_id)).toEqual([alice.id]);
    expect((await moments(s, 'unlike', bob, { id })).body.code).toBe(0);
    expect((await seen(bob, id))?.liked).toBe(false);
  });

  it('refuses posts I cannot see', async () => {
    const hidden = await post(s, alice, { content: 'private', visibility: 0 });
    const shared = await post(s, alice, { content: 'shared' });
    await expectFail(moments(s, 'like', bob, { id: hidden }), 'Post not found');
    await expectFail(moments(s, 'like', carol, { id: shared }), 'Post not found');
    await expectFail(moments(s, 'unlike', carol, { id: shared }), 'Post not found');
    await expectFail(moments(s, 'like', bob, { id: 987654 }), 'Post not found');
    await expectFail(moments(s, 'like', bob, {}), 'Invalid parameter: id');
  });
});

describe('comment and reply', () => {
  it('tells the author of a comment, and the one answered of a reply, nobody else', async () => {
    const id = await post(s, alice, { content: 'talk to me' });
    const [aWs, bWs, cWs, dWs, eWs] = await socketsOf(alice, bob, carol, dave, erin);
    const c = await moments(s, 'comment', bob, { id, content: 'Nice one' });
    expect(c.body.code, c.body.msg).toBe(0);
    expect(c.body.data).toMatchObject({
      moment_id: id,
      user_id: bob.id,
      displayName: 'Bob',
      reply_user_id: 0,
      reply_name: '',
      content: 'Nice one',
      createTime: s.clock.now(),
    });
    const ev = await aWs.next<{ kind: string; comment: { id: number } }>('moments');
    expect(ev.data).toMatchObject({
      kind: 'comment',
      moment_id: id,
      user: { id: bob.id },
      comment: { id: c.body.data.id, content: 'Nice one' },
    });
    for (const ws of [bWs, cWs, dWs, eWs]) await assertNothing(s, ws, 'moments');

    const r = await moments(s, 'comment', alice, { id, content: 'Thanks', reply_user_id: bob.id });
    expect(r.body.data).toMatchObject({ reply_user_id: bob.id, reply_name: 'Bob' });
    const evb = await bWs.next<{ kind: string; comment: { reply_user_id: number } }>('moments');
    expect(evb.data).toMatchObject({ kind: 'comment', user: { id: alice.id }, comment: { reply_user_id: bob.id } });
    for (const ws of [aWs, cWs, dWs, eWs]) await assertNothing(s, ws, 'moments');

    // dave replies to bob on alice's post: both alice and bob are told.
    await moments(s, 'comment', dave, { id, content: 'me too', reply_user_id: bob.id });
    await aWs.next('moments', (d: { user: { id: number } }) => d.user.id === dave.id);
    await bWs.next('moments', (d: { user: { id: number } }) => d.user.id === dave.id);
    for (const ws of [cWs, eWs]) await assertNothing(s, ws, 'moments');
  });

  it('checks length, visibility and that the one answered can see the post', async () => {
    const id = await post(s, alice, { content: 'rules' });
    await expectFail(moments(s, 'comment', bob, { id, content: '  ' }), 'Invalid parameter: content');
    await expectFail(moments(s, 'comment', bob, { id, content: 'x'.repeat(501) }), 'Invalid parameter: content');
    expect((await moments(s, 'comment', bob, { id, content: '长'.repeat(500) })).body.code).toBe(0);
    await expectFail(moments(s, 'comment', carol, { id, content: 'hi' }), 'Post not found');
    // carol and erin cannot see alice's post, so nobody may answer them there.
    await expectFail(
      moments(s, 'comment', bob, { id, content: 'hi', reply_user_id: carol.id }),
      'Invalid parameter: reply_user_id',
    );
    await expectFail(
      moments(s, 'comment', bob, { id, content: 'hi', reply_user_id: erin.id }),
      'Invalid parameter: reply_user_id',
    );
    await expectFail(
      moments(s, 'comment', bob, { id, content: 'hi', reply_user_id: 99999 }),
      'Invalid parameter: reply_user_id',
    );
  });

  it('shows each viewer only likes and comments by themselves, the author and their own contacts', async () => {
    const id = await post(s, alice, { content: 'who sees what' });
    await moments(s, 'like', bob, { id });
    await moments(s, 'like', dave, { id });
    await moments(s, 'comment', bob, { id, content: 'from bob' });
    await moments(s, 'comment', dave, { id, content: 'from dave' });
    await moments(s, 'comment', alice, { id, content: 'to bob', reply_user_id: bob.id });
    const forAlice = await seen(alice, id);
    expect(forAlice?.likes.map((l) => l.user_id)).toEqual([bob.id, dave.id]);
    expect(forAlice?.comments.map((c) => c.content)).toEqual(['from bob', 'from dave', 'to bob']);
    // bob and dave are not contacts: each sees only their own and alice's.
    const forBob = await seen(bob, id);
    expect(forBob?.likes.map((l) => l.user_id)).toEqual([bob.id]);
    expect(forBob?.comments.map((c) => c.content)).toEqual(['from bob', 'to bob']);
    const forDave = await seen(dave, id);
    expect(forDave?.likes.map((l) => l.user_id)).toEqual([dave.id]);
    expect(forDave?.comments.map((c) => c.content)).toEqual(['from dave', 'to bob']);
  });
});

describe('delComment', () => {
  it('deletes my own comment, or any comment on my post, and nothing else', async () => {
    const id = await post(s, alice, { content: 'moderated' });
    const bobs = (await moments(s, 'comment', bob, { id, content: 'b1' })).body.data.id as number;
    const daves = (await moments(s, 'comment', dave, { id, content: 'd1' })).body.data.id as number;
    const alices = (await moments(s, 'comment', alice, { id, content: 'a1' })).body.data.id as number;
    await expectFail(moments(s, 'delComment', dave, { id: bobs }), 'You are not allowed to do this');
    await expectFail(moments(s, 'delComment', bob, { id: alices }), 'You are not allowed to do this');
    await expectFail(moments(s, 'delComment', carol, { id: bobs }), 'You are not allowed to do this');
    expect((await moments(s, 'delComment', bob, { id: bobs })).body).toMatchObject({ code: 0, data: '' });
    expect((await moments(s, 'delComment', alice, { id: daves })).body.code).toBe(0);
    await expectFail(moments(s, 'delComment', alice, { id: daves }), 'Not found');
    expect((await seen(alice, id))?.comments.map((c) => c.content)).toEqual(['a1']);
  });
});

describe('notices and unread', () => {
  it('lists likes, comments and replies to me newest first, and reading them clears the count', async () => {
    const pic = await uploadImage(s, alice);
    const id = await post(s, alice, {
      content: 'A post whose text is longer than fifty characters, to see the cut',
      images: [pic],
    });
    await moments(s, 'notices', alice); // start from zero
    expect((await moments(s, 'unread', alice)).body.data.count).toBe(0);
    await moments(s, 'like', bob, { id });
    s.clock.advance(1000);
    await moments(s, 'comment', dave, { id, content: 'dave says' });
    s.clock.advance(1000);
    await moments(s, 'comment', bob, { id, content: 'to alice', reply_user_id: alice.id });
    expect((await moments(s, 'unread', alice)).body.data.count).toBe(3);
    const n = await moments(s, 'notices', alice, { limit: 10 });
    expect(n.body.code, n.body.msg).toBe(0);
    expect(n.body.data.slice(0, 3).map((x: { kind: string; user: { id: number } }) => [x.kind, x.user.id])).toEqual([
      ['reply', bob.id],
      ['comment', dave.id],
      ['like', bob.id],
    ]);
    expect(n.body.data[0]).toMatchObject({
      moment_id: id,
      content: 'to alice',
      moment: { id, content: 'A post whose text is longer than fifty characters,' },
    });
    expect(n.body.data[0].moment.thumb).toMatch(/\/storage\/image\//);
    expect((await moments(s, 'unread', alice)).body.data.count).toBe(0);
    // An unlike takes its notice back; a deleted comment too.
    await moments(s, 'unlike', bob, { id });
    const after = await moments(s, 'notices', alice, { limit: 10 });
    expect(
      after.body.data.filter((x: { moment_id: number }) => x.moment_id === id).map((x: { kind: string }) => x.kind),
    ).toEqual(['reply', 'comment']);
  });

  it('tells the one answered with a reply notice', async () => {
    const id = await post(s, alice, { content: 'reply notice' });
    await moments(s, 'notices', bob);
    await moments(s, 'comment', alice, { id, content: 'hey bob', reply_user_id: bob.id });
    expect((await moments(s, 'unread', bob)).body.data.count).toBe(1);
    const n = await moments(s, 'notices', bob);
    expect(n.body.data[0]).toMatchObject({ kind: 'reply', user: { id: alice.id }, content: 'hey bob', moment_id: id });
    expect(n.body.count).toBeGreaterThanOrEqual(1);
  });

  it('shows the newest visible post by someone else until I read the feed', async () => {
    await feed(s, bob);
    expect((await moments(s, 'unread', bob)).body.data.newPost).toBeNull();
    await post(s, bob, { content: 'mine does not count' });
    await post(s, alice, { content: 'private', visibility: 0 });
    expect((await moments(s, 'unread', bob)).body.data.newPost).toBeNull();
    await post(s, alice, { content: 'new for bob' });
    const u = await moments(s, 'unread', bob);
    expect(u.body.data.newPost).toMatchObject({
      user_id: alice.id,
      avatar: expect.stringMatching(/^http.*avatar\.png$/),
    });
    expect((await moments(s, 'unread', carol)).body.data.newPost).toBeNull();
    expect((await moments(s, 'unread', erin)).body.data.newPost).toMatchObject({ user_id: bob.id });
    // One author's feed leaves the badge; the whole feed clears it.
    await feed(s, bob, { user_id: alice.id });
    expect((await moments(s, 'unread', bob)).body.data.newPost).toMatchObject({ user_id: alice.id });
    await feed(s, bob);
    expect((await moments(s, 'unread', bob)).body.data.newPost).toBeNull();
  });
});
