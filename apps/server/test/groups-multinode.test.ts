import { describe, expect, it } from 'vitest';
import { connectSocket } from './helpers/index';
import { assertNothing } from './chat-fixtures';
import { group, twoNodesWithPeople } from './group-fixtures';

/** Group pushes across two nodes sharing one database, fanned out over Redis. */

const { a, b, alice, bob, carol, dave } = await twoNodesWithPeople();

describe('two nodes with Redis', () => {
  it('tells members on node B about a group made on node A, and nobody else', async () => {
    const bobOnB = await connectSocket(b.url, { token: bob.token });
    const daveOnB = await connectSocket(b.url, { token: dave.token });
    const res = await group(a, 'add', alice, { user_ids: [bob.id, carol.id], name: 'Nodes' });
    expect(res.body.code, res.body.msg).toBe(0);
    expect((await bobOnB.next('addGroup')).data).toMatchObject({ id: res.body.data.id, displayName: 'Nodes', role: 3 });
    await assertNothing([a, b], daveOnB, 'addGroup');
    bobOnB.close();
    daveOnB.close();
  });
});
