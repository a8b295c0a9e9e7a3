import { CloseCode } from '@parley/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFriends } from './chat-fixtures';
import { closeNodes, connectSocket, seedPeople, startTwoNodes, type TestServer, type TestUser } from './helpers/index';

/**
 * A connection closed by its node with `refetch` (1012) stays in presence for a moment
 * (gateway.ts, REFETCH_GRACE_MS). After a Redis outage every client is asked to refetch at once:
 * a contact whose client re-read before the user's client was back saw the user offline, and kept
 * that, since the pushes of a reconnect are damped away (presence-pushes.ts).
 */

let a: TestServer;
let b: TestServer;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  [a, b] = await startTwoNodes();
  ({ alice, bob } = await seedPeople(a.api));
  await makeFriends(a, alice, bob);
});
afterAll(() => closeNodes(b, a));

/** Whether bob, reading through node B, finds alice online (PROTOCOL §3.1 `is_online`). */
async function bobSeesAlice(): Promise<number> {
  const r = await b.api.post('/enterprise/im/getUserInfo', { user_id: alice.id }, { token: bob.token });
  return (r.body.data as { is_online: number }).is_online;
}

/** Node A asked (over Redis, as after an outage) to have alice's clients refetch. */
async function refetchAlice(): Promise<void> {
  await b.bus.publish({ kind: 'refetch', users: [alice.id], agoMs: 0 });
}

describe('a refetch close on one node, a contact on the other', () => {
  it('keeps the user online to contacts while the client comes back, and tells them nothing', async () => {
    const bobWs = await connectSocket(b.url, { token: bob.token });
    const first = await connectSocket(a.url, { token: alice.token });
    await bobWs.next<{ id: number; is_online: number }>('isOnline', (d) => d.id === alice.id && d.is_online === 1);
    expect(await bobSeesAlice()).toBe(1);

    await refetchAlice();
    expect(await first.closed).toBe(CloseCode.refetch);
    // Her client is not back yet: a re-read now still finds her.
    expect(await bobSeesAlice()).toBe(1);
    const back = await connectSocket(a.url, { token: alice.token });
    expect(await bobSeesAlice()).toBe(1);
    await bobWs.expectNoneSoFar('isOnline');
    back.close();
    bobWs.close();
  });

  it('says the user offline once the moment has passed without the client', { timeout: 20_000 }, async () => {
    const bobWs = await connectSocket(b.url, { token: bob.token });
    const ws = await connectSocket(a.url, { token: alice.token });
    await expect.poll(bobSeesAlice).toBe(1);
    const closedAt = Date.now();
    await refetchAlice();
    expect(await ws.closed).toBe(CloseCode.refetch);
    const pushed = await bobWs.next<{ id: number; is_online: number }>(
      'isOnline',
      (d) => d.id === alice.id && d.is_online === 0,
      12_000,
    );
    expect(pushed.data.is_online).toBe(0);
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(4_500);
    expect(await bobSeesAlice()).toBe(0);
    bobWs.close();
  });
});
