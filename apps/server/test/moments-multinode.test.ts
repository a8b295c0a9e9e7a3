import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSockets, seedPeople, closeNodes, startTwoNodes, type TestServer, type TestUser } from './helpers/index';
import { assertNothing } from './chat-fixtures';
import { moments, post, seedCircles } from './moments-fixtures';

/** `moments` pushes across two nodes sharing one database, fanned out over Redis. */

let a: TestServer;
let b: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let dave: TestUser;
let erin: TestUser;

beforeAll(async () => {
  [a, b] = await startTwoNodes();
  ({ alice, bob, carol } = await seedPeople(a.api));
  ({ dave, erin } = await seedCircles(a, alice, bob));
});
afterAll(() => closeNodes(b, a));

describe('two nodes with Redis', () => {
  it('delivers post, like and comment pushes on the other node to exactly their recipients', async () => {
    const [aliceOnB, bobOnB, carolOnB, daveOnB, erinOnB] = await connectSockets(b.url, [alice, bob, carol, dave, erin]);
    const id = await post(a, alice, { content: 'across nodes' });
    for (const ws of [bobOnB, daveOnB])
      expect((await ws.next('moments')).data).toMatchObject({ kind: 'post', moment_id: id });
    for (const ws of [aliceOnB, carolOnB, erinOnB]) await assertNothing([a, b], ws, 'moments');

    expect((await moments(a, 'like', bob, { id })).body.code).toBe(0);
    expect((await aliceOnB.next('moments')).data).toMatchObject({ kind: 'like', moment_id: id, user: { id: bob.id } });
    for (const ws of [bobOnB, carolOnB, daveOnB, erinOnB]) await assertNothing([a, b], ws, 'moments');

    expect((await moments(a, 'comment', alice, { id, content: 'hi bob', reply_user_id: bob.id })).body.code).toBe(0);
    expect((await bobOnB.next('moments')).data).toMatchObject({
      kind: 'comment',
      moment_id: id,
      comment: { content: 'hi bob' },
    });
    for (const ws of [aliceOnB, carolOnB, daveOnB, erinOnB]) await assertNothing([a, b], ws, 'moments');

    // Node B reads what node A wrote.
    const unread = await moments(b, 'unread', alice);
    expect(unread.body.data.count).toBe(1);
    for (const ws of [aliceOnB, bobOnB, carolOnB, daveOnB, erinOnB]) ws.close();
  });
});
