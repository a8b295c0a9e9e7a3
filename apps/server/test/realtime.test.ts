import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectSocket,
  pushesReached,
  login,
  registerAndLogin,
  seedPeople,
  closeNodes,
  startTwoNodes,
  type TestServer,
  type TestUser,
} from './helpers/index';
import { assertNothing, presenceSettled, serverWithPeople } from './chat-fixtures';

/** PROTOCOL §11: the socket gateway, binding, presence and forced offline, on one and two nodes. */

const { s, ...people } = await serverWithPeople();

const bindFrame = (u: TestUser) => ({ type: 'bindUid', user_id: u.id, token: u.token });

describe('socket gateway', () => {
  it('opens with a bare init naming this node, and answers ping with pong', async () => {
    const ws = await connectSocket(s.url);
    expect(ws.clientId).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
    expect(ws.clientId.startsWith(`${s.services.gateway['presence'].nodeId}.`)).toBe(true);
    ws.send({ type: 'ping' });
    const pong = await ws.next('pong');
    expect(pong).toEqual({ type: 'pong', multiport: false });
    ws.close();
  });

  it('binds by frame, reports multiport with a second connection, and refuses a bad token with 4001', async () => {
    const { bob } = people;
    const one = await connectSocket(s.url);
    one.send(bindFrame(bob));
    await one.next('pong');
    const two = await connectSocket(s.url, { token: bob.token });
    two.send({ type: 'ping' });
    expect((await two.next('pong')).multiport).toBe(true);

    const bad = await connectSocket(s.url);
    bad.send({ type: 'bindUid', user_id: bob.id, token: 'bearer not-a-token' });
    expect(await bad.closed).toBe(4001);
    const wrongUser = await connectSocket(s.url);
    wrongUser.send({ type: 'bindUid', user_id: people.alice.id, token: bob.token });
    expect(await wrongUser.closed).toBe(4001);
    one.close();
    two.close();
  });

  it('binds over HTTP, and refuses unknown connections and other users’ connections', async () => {
    const { alice, bob } = people;
    const ws = await connectSocket(s.url);
    const ok = await s.api.post(
      '/common/pub/bindUid',
      { client_id: ws.clientId, user_id: alice.id },
      { token: alice.token },
    );
    expect(ok.body.code).toBe(0);
    const stolen = await s.api.post(
      '/common/pub/bindUid',
      { client_id: ws.clientId },
      { token: bob.token, lang: 'en' },
    );
    expect(stolen.body).toMatchObject({ code: 400 });
    const gone = await s.api.post(
      '/common/pub/bindUid',
      { client_id: `${s.services.gateway['presence'].nodeId}.99999` },
      { token: alice.token, lang: 'en' },
    );
    expect(gone.body).toMatchObject({ code: 400, msg: 'The connection is gone, please reload' });
    const noToken = await s.api.post('/common/pub/bindUid', { client_id: ws.clientId });
    expect(noToken.body.code).toBe(-1);
    ws.close();
  });

  it('forces an older session of the same terminal kind offline when the account logs in again', async () => {
    const u = await registerAndLogin(s.api, { account: 'kicked01', realname: 'K', password: 'pass-word1' });
    const first = await login(s.api, u.account, u.password, { terminal: 'web' });
    const mobile = await login(s.api, u.account, u.password, { terminal: 'app' });
    const ws = await connectSocket(s.url, { token: first.authToken });
    const wsMobile = await connectSocket(s.url, { token: mobile.authToken });
    const newer = await connectSocket(s.url);
    await login(s.api, u.account, u.password, { terminal: 'web', client_id: newer.clientId });
    const offline = await ws.next('offline');
    expect(offline.data).toEqual({ id: u.id, client_id: newer.clientId, isMobile: false });
    expect(await ws.closed).toBe(4002);
    // The old token now answers with the forced-offline text; the mobile session is untouched.
    const res = await s.api.post('/enterprise/im/setting', { theme: 'x' }, { token: first.authToken, lang: 'en' });
    expect(res.body).toMatchObject({
      code: -1,
      msg: 'Your account was logged in on another device and has been forced to go offline!',
    });
    await assertNothing(s, wsMobile, 'offline');
    newer.close();
    wsMobile.close();
  });

  it('closes the sockets of a session that logs out with 4003', async () => {
    const u = await registerAndLogin(s.api, { account: 'leaver01', realname: 'L', password: 'pass-word1' });
    const ws = await connectSocket(s.url, { token: u.token });
    await s.api.post('/common/pub/logout', {}, { token: u.token });
    expect(await ws.closed).toBe(4003);
  });
});

describe('presence', () => {
  it('tells the contact set when a user comes online and goes offline, and nobody else', async () => {
    const { alice, bob, carol } = people;
    // runMode 2 without friendships: nobody is anybody's contact.
    const carolWs = await connectSocket(s.url, { token: carol.token });
    const bobWs = await connectSocket(s.url, { token: bob.token });
    const aliceWs = await connectSocket(s.url, { token: alice.token });
    await presenceSettled(s, alice.id, 1);
    await assertNothing(s, carolWs, 'isOnline');
    aliceWs.close();
    await presenceSettled(s, alice.id, 0);
    await assertNothing(s, bobWs, 'isOnline');

    // runMode 1: everyone is a contact.
    await s.services.config.set('sysInfo', { ...(await s.services.config.systemInfo()).sysInfo, runMode: 1 });
    s.clock.advance(6000);
    const again = await connectSocket(s.url, { token: alice.token });
    expect((await bobWs.next<{ id: number }>('isOnline', (d) => d.id === alice.id)).data).toEqual({
      id: alice.id,
      is_online: 1,
    });
    expect((await carolWs.next<{ id: number }>('isOnline', (d) => d.id === alice.id)).data.id).toBe(alice.id);
    // Everyone but Alice herself: her own connection hears nothing of her coming online (only of
    // her: another user's late offline notice may reach it, rightly, in runMode 1).
    await pushesReached(s, again);
    expect(again.frames.filter((f) => f.type === 'isOnline' && (f.data as { id?: number }).id === alice.id)).toEqual(
      [],
    );
    again.close();
    expect((await bobWs.next<{ id: number }>('isOnline', (d) => d.id === alice.id)).data).toEqual({
      id: alice.id,
      is_online: 0,
    });
    await s.services.config.set('sysInfo', { ...(await s.services.config.systemInfo()).sysInfo, runMode: 2 });
    s.clock.advance(6000);
    bobWs.close();
    carolWs.close();
  });
});

describe('two nodes with Redis', () => {
  let a: TestServer;
  let b: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    [a, b] = await startTwoNodes();
    ({ alice, bob } = await seedPeople(a.api));
    await a.services.config.set('sysInfo', { ...(await a.services.config.systemInfo()).sysInfo, runMode: 1 });
  });
  afterAll(() => closeNodes(b, a));

  it('carries presence from one node to a user on the other', async () => {
    b.clock.advance(6000);
    const bobOnB = await connectSocket(b.url, { token: bob.token });
    const aliceOnA = await connectSocket(a.url, { token: alice.token });
    expect(
      (await bobOnB.next<{ id: number; is_online: number }>('isOnline', (d) => d.id === alice.id)).data.is_online,
    ).toBe(1);
    // A second connection on the other node: multiport counts across nodes.
    const aliceOnB = await connectSocket(b.url, { token: alice.token });
    aliceOnB.send({ type: 'ping' });
    expect((await aliceOnB.next('pong')).multiport).toBe(true);
    aliceOnA.close();
    await presenceSettled(a, alice.id, 1);
    await assertNothing(a, bobOnB, 'isOnline');
    aliceOnB.close();
    expect(
      (await bobOnB.next<{ id: number; is_online: number }>('isOnline', (d) => d.id === alice.id)).data.is_online,
    ).toBe(0);
    bobOnB.close();
  });

  it('binds over HTTP on one node a connection held by the other', async () => {
    const ws = await connectSocket(a.url);
    const res = await b.api.post('/common/pub/bindUid', { client_id: ws.clientId }, { token: bob.token });
    expect(res.body.code).toBe(0);
    // Bound for real: a message to bob reaches this connection on the other node (a pong would
    // come back from an unbound connection too).
    const id = randomUUID();
    const sent = await a.api.post(
      '/enterprise/im/sendMessage',
      { id, type: 'text', content: 'across the nodes', toContactId: bob.id },
      { token: alice.token },
    );
    expect(sent.body.code, sent.body.msg).toBe(0);
    expect((await ws.next<{ id: string; content: string }>('simple', (m) => m.id === id)).data.content).toBe(
      'across the nodes',
    );
    ws.close();
  });

  it('forces offline across nodes', async () => {
    const first = await login(a.api, alice.account, alice.password, { terminal: 'web' });
    const ws = await connectSocket(a.url, { token: first.authToken });
    await login(b.api, alice.account, alice.password, { terminal: 'web' });
    expect((await ws.next('offline')).data).toMatchObject({ id: alice.id, isMobile: false });
    expect(await ws.closed).toBe(4002);
  });
});
