import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, seedPeople, closeNodes, startTwoNodes, type TestServer, type TestUser } from './helpers/index';
import { assertNothing, makeFriends } from './chat-fixtures';
import { callRow, nextCall, noCall, ring, signal } from './call-fixtures';

/** Calls across two nodes sharing one database, fanned out over Redis (PROTOCOL §10). */

let a: TestServer;
let b: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

beforeAll(async () => {
  [a, b] = await startTwoNodes();
  ({ alice, bob, carol } = await seedPeople(a.api));
  await makeFriends(a, bob, carol);
});
afterAll(() => closeNodes(b, a));

describe('calls across two nodes', () => {
  it('signalling reaches only the two parties, whichever node each is on', async () => {
    const bobOnA = await connectSocket(a.url, { token: bob.token });
    const bobOnB = await connectSocket(b.url, { token: bob.token });
    const carolOnB = await connectSocket(b.url, { token: carol.token });
    const aliceOnB = await connectSocket(b.url, { token: alice.token });

    // carol is connected to node B only: node A still sees her online and rings her.
    const { id, res } = await ring(a, bob, carol);
    expect(res.body.data.extends).toMatchObject({ event: 'calling', code: 901 });
    expect((await nextCall(carolOnB, id, 'calling')).data.toContactId).toBe(bob.id);
    expect((await nextCall(bobOnB, id, 'calling')).data.contactInfo).toMatchObject({ id: carol.id });

    await signal(b, carol, { id, toContactId: bob.id, type: 1, event: 'acceptRtc', code: 904 });
    await nextCall(bobOnA, id, 'acceptRtc');
    await signal(a, bob, { id, toContactId: carol.id, type: 1, event: 'offer', sdp: 'v=0 offer' });
    expect((await nextCall(carolOnB, id, 'offer')).data.extends.sdp).toBe('v=0 offer');
    await signal(b, carol, { id, toContactId: bob.id, type: 1, event: 'answer', sdp: 'v=0 answer' });
    expect((await nextCall(bobOnA, id, 'answer')).data.extends.sdp).toBe('v=0 answer');

    // Node A owns the safety-net timer; the call was answered on B, so it leaves it alone.
    a.clock.advance(60_000);
    await noCall(a, bobOnA, id);
    await signal(b, carol, { id, toContactId: bob.id, type: 1, event: 'hangup', code: 906, callTime: 61 });
    expect((await nextCall(bobOnA, id, 'hangup')).data.content).toBe('通话时长 01:01');
    expect(await callRow(a, id)).toMatchObject({ extends: { code: 906, callTime: 61 } });
    await assertNothing([a, b], aliceOnB, 'webrtc');
    for (const ws of [bobOnA, bobOnB, carolOnB, aliceOnB]) ws.close();
  });

  it('the node that took the call closes it after 60 s for parties on either node', async () => {
    const bobOnA = await connectSocket(a.url, { token: bob.token });
    const carolOnB = await connectSocket(b.url, { token: carol.token });
    const { id } = await ring(a, bob, carol);
    await nextCall(carolOnB, id, 'calling');
    a.clock.advance(60_000);
    expect((await nextCall(carolOnB, id, 'hangup')).data).toMatchObject({
      fromUser: { id: bob.id },
      extends: { code: 905 },
    });
    expect((await nextCall(bobOnA, id, 'hangup')).data.extends.code).toBe(905);
    // Node B's sweep finds nothing left to close: no second hangup.
    b.clock.advance(60_000);
    await b.services.calls.sweep();
    await noCall(b, carolOnB, id);
    for (const ws of [bobOnA, carolOnB]) ws.close();
  });
});
