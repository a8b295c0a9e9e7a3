import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, seedPeople, closeNodes, startTwoNodes, type TestServer, type TestUser } from './helpers/index';
import { assertNothing, makeFriends, send } from './chat-fixtures';

/** Messages and receipts across two nodes sharing one database, fanned out over Redis. */

let a: TestServer;
let b: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

beforeAll(async () => {
  [a, b] = await startTwoNodes();
  ({ alice, bob, carol } = await seedPeople(a.api));
  await makeFriends(a, alice, bob);
});
afterAll(() => closeNodes(b, a));

describe('two nodes with Redis', () => {
  it('delivers a message sent on node A to bob on node B, and his receipt back to A', async () => {
    const aliceOnA = await connectSocket(a.url, { token: alice.token });
    const bobOnB = await connectSocket(b.url, { token: bob.token });
    const carolOnB = await connectSocket(b.url, { token: carol.token });
    const sent = await send(a, alice, bob.id, 'across nodes');
    expect(sent.body.code, sent.body.msg).toBe(0);
    const push = await bobOnB.next<{ id: string; toContactId: number; content: string }>('simple');
    expect(push.data).toMatchObject({ id: sent.body.data.id, toContactId: alice.id, content: 'across nodes' });
    await aliceOnA.next('simple');

    const read = await b.api.post('/enterprise/im/setMsgIsRead', { toContactId: alice.id }, { token: bob.token });
    expect(read.body.code).toBe(0);
    const receipt = await aliceOnA.next<Array<{ msg_id: number; toContactId: number }>>('isRead');
    expect(receipt.data).toEqual([expect.objectContaining({ msg_id: sent.body.data.msg_id, toContactId: bob.id })]);
    expect((await aliceOnA.next('readAll')).data).toEqual({ toContactId: bob.id });
    await assertNothing([a, b], carolOnB, 'simple');
    await assertNothing([a, b], carolOnB, 'isRead');
    for (const ws of [aliceOnA, bobOnB, carolOnB]) ws.close();
  });

  it('recalls on node B: alice on node A and bob on node B each get their own recall line', async () => {
    const aliceOnA = await connectSocket(a.url, { token: alice.token });
    const bobOnB = await connectSocket(b.url, { token: bob.token });
    const carolOnA = await connectSocket(a.url, { token: carol.token });
    const sent = await send(a, alice, bob.id, 'take it back');
    expect(sent.body.code, sent.body.msg).toBe(0);
    const res = await b.api.post(
      '/enterprise/im/undoMessage',
      { id: sent.body.data.id },
      { token: alice.token, lang: 'en' },
    );
    expect(res.body.code, res.body.msg).toBe(0);
    const mine = await aliceOnA.next<{ id: string; content: string; toContactId: number }>('undoMessage');
    expect(mine.data).toMatchObject({ id: sent.body.data.id, content: 'You recalled a message', toContactId: bob.id });
    const theirs = await bobOnB.next<{ id: string; content: string; toContactId: number }>('undoMessage');
    expect(theirs.data).toMatchObject({
      id: sent.body.data.id,
      content: 'The other person recalled a message',
      toContactId: alice.id,
    });
    await assertNothing([a, b], carolOnA, 'undoMessage');
    for (const ws of [aliceOnA, bobOnB, carolOnA]) ws.close();
  });
});
