import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, closeNodes, startTwoNodes, type TestServer, type TestUser } from './helpers/index';
import { freshUser, seedAdminPeople, sendText } from './admin-fixtures';

/** Admin pushes when the administrator and the people concerned are on different nodes (Redis fan-out). */

let a: TestServer;
let b: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let dave: TestUser;

beforeAll(async () => {
  [a, b] = await startTwoNodes();
  ({ alice, bob, carol, dave } = await seedAdminPeople(a));
});
afterAll(() => closeNodes(b, a));

describe('admin actions on node A, people on node B', () => {
  it('closes a disabled user’s socket held by the other node (4003)', async () => {
    const victim = await freshUser(a, alice);
    const ws = await connectSocket(b.url, { token: victim.token });
    expect(
      (await a.api.post('/manage/user/setStatus', { user_id: victim.id, status: 0 }, { token: carol.token })).body.code,
    ).toBe(0);
    expect(await ws.closed).toBe(4003);
    expect((await b.api.post('/enterprise/im/getContacts', {}, { token: victim.token })).body.code).toBe(-1);
  });

  it('masks on A, both parties on B hear updateMessage; an announcement reaches B', async () => {
    const sent = await sendText(a, bob, dave.id, 'bad words');
    const bobWs = await connectSocket(b.url, { token: bob.token });
    const daveWs = await connectSocket(b.url, { token: dave.token });
    await a.api.post('/manage/message/dealMsg', { id: sent.id }, { token: alice.token });
    expect((await bobWs.next<{ id: string }>('updateMessage')).data.id).toBe(sent.id);
    expect((await daveWs.next<{ id: string }>('updateMessage')).data.id).toBe(sent.id);
    await a.api.post('/manage/index/publishNotice', { title: 'Across', content: 'nodes' }, { token: alice.token });
    // The notice, not the echo of bob's own send above: that push crosses Redis and may reach B
    // after his socket bound there (seen on a loaded CI run).
    const notice = await bobWs.next<{ toContactId: string }>('simple', (d) => d.toContactId === 'admin_notice');
    expect(notice.data.toContactId).toBe('admin_notice');
    bobWs.close();
    daveWs.close();
  });

  it('counts online users of every node on the dashboard, and pushes the change', async () => {
    const dash = await connectSocket(a.url, { token: carol.token });
    const start = (await a.api.post('/manage/index/index', { client_id: dash.clientId }, { token: carol.token })).body
      .data;
    expect(start).toMatchObject({ onlineCount: 1, clientCount: 1 });
    const daveWs = await connectSocket(b.url, { token: dave.token });
    a.clock.advance(5000);
    expect((await dash.next<{ onlineCount: number }>('statistics')).data).toEqual({ onlineCount: 2, clientCount: 2 });
    dash.close();
    daveWs.close();
  });
});
