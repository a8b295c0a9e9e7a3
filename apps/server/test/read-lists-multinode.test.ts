import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_READ_PUSH_MS } from '@parley/protocol';
import {
  closeNodes,
  connectSocket,
  pushesReached,
  registerAndLogin,
  seedPeople,
  startTwoNodes,
  type TestServer,
  type TestUser,
} from './helpers/index';
import { makeFriends, send } from './chat-fixtures';

/** PROTOCOL §17 `groupRead` across two nodes: one rate per message for the whole installation. */

let a: TestServer;
let b: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let dave: TestUser;

beforeAll(async () => {
  [a, b] = await startTwoNodes();
  ({ alice, bob, carol } = await seedPeople(a.api));
  dave = await registerAndLogin(a.api, { account: 'dave1', realname: 'Dave', password: 'dave-pw01' });
  for (const u of [bob, carol, dave]) await makeFriends(a, alice, u);
  // The nodes' manual clocks started apart; one time for both, as real nodes share (roughly) one.
  const lag = b.clock.now() - a.clock.now();
  if (lag > 0) a.clock.advance(lag);
  else b.clock.advance(-lag);
  // Two servers and four scrypt registrations: well over the default on a busy machine.
}, 90_000);
afterAll(() => closeNodes(b, a));

const both = (ms: number) => {
  a.clock.advance(ms);
  b.clock.advance(ms);
};

describe('groupRead on two nodes', () => {
  it('sends one push per message per second whichever node the readers use, ending with the last state', async () => {
    const created = await a.api.post(
      '/enterprise/group/add',
      { user_ids: [bob.id, carol.id, dave.id] },
      { token: alice.token },
    );
    expect(created.body.code, created.body.msg).toBe(0);
    const gid = created.body.data.id as string;
    const aliceOnA = await connectSocket(a.url, { token: alice.token });
    const sent = await send(a, alice, gid, 'across nodes, who read it?');
    expect(sent.body.data.unreadCount).toBe(3);
    const id = sent.body.data.id as string;
    both(GROUP_READ_PUSH_MS);
    const open = (node: TestServer, u: TestUser) =>
      node.api.post('/enterprise/im/getMessageList', { toContactId: gid }, { token: u.token });
    await open(b, bob);
    const first = await aliceOnA.next<{ id: string; readCount: number }>('groupRead', (d) => d.id === id);
    expect(first.data).toMatchObject({ group_id: gid, readCount: 1, unreadCount: 2 });
    await open(a, carol);
    await open(b, dave);
    await pushesReached([a, b], aliceOnA);
    expect(aliceOnA.frames.filter((f) => f.type === 'groupRead')).toEqual([]);
    both(GROUP_READ_PUSH_MS);
    const last = await aliceOnA.next<{ id: string; readCount: number }>('groupRead', (d) => d.id === id);
    expect(last.data).toMatchObject({ group_id: gid, readCount: 3, unreadCount: 0 });
    await pushesReached([a, b], aliceOnA);
    expect(aliceOnA.frames.filter((f) => f.type === 'groupRead')).toEqual([]);
    aliceOnA.close();
  });
});
