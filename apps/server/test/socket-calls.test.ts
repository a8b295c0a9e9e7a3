import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, paths, type EndpointPath } from '@parley/protocol';
import { connectSocket, type TestSocket } from './helpers/index';
import { assertNothing, serverWithPeople } from './chat-fixtures';
import { cases, makeWorld, type Call, type World } from './socket-call-cases';

/**
 * PROTOCOL §11.6: a bound socket carries API calls as `call`/`reply` frames, answered by the same
 * code path as HTTP. The table is the protocol's endpoint table (socket-call-cases.ts has one case
 * per endpoint), so a new endpoint is covered, or named here, without anyone remembering to.
 */

let bobSock: TestSocket;
let world: World & { close(): void };
/** Outputs (replies, pushes) wait here while `holding`, as on a disk whose sync is slow. */
let holding = false;
const held: Array<() => void> = [];
const { s, alice, bob, carol } = await serverWithPeople([], { afterDurable: (fn) => (holding ? held.push(fn) : fn()) });

beforeAll(async () => {
  world = await makeWorld(s, { alice, bob, carol });
  bobSock = await world.socketOf(bob);
});
afterAll(() => world?.close());

/** The structure of a value (keys and types, first element of arrays), not its contents. */
function shape(v: unknown): unknown {
  if (Array.isArray(v)) return v.length ? [shape(v[0])] : [];
  if (v && typeof v === 'object') {
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, shape((v as Record<string, unknown>)[k])]),
    );
  }
  return v === null ? 'null' : typeof v;
}

/** Every endpoint of the protocol's table. */
const table = Object.keys(endpoints) as EndpointPath[];
/** A prefix route is called with something after its prefix. */
const callable = (p: string) => (p.endsWith('/*') ? `${p.slice(0, -2)}/x` : p);

/** The §1.3 envelope of `call` (at `path` unless the call names its own) over one transport. */
async function over(transport: 'http' | 'socket', path: string, call: Call) {
  const who = call.as ?? bob;
  const at = call.path ?? path;
  if (transport === 'http') return (await s.api.post(at, call.params, { token: who.token })).body;
  const { code, msg, count, data, page } = await (await world.socketOf(who)).call(at, call.params);
  return { code, msg, count, data, page };
}

describe('every endpoint answers the same over `call` as over HTTP (§11.6)', () => {
  it('has a case for every endpoint of the protocol table, and the server serves exactly that table', () => {
    const missing = table.filter((p) => !(p in cases));
    const stale = Object.keys(cases).filter((p) => !(p in endpoints));
    expect({ missing, stale }, 'socket-call-cases.ts must have one case per endpoint').toEqual({
      missing: [],
      stale: [],
    });
    const exact = table.filter((p) => !p.endsWith('/*')).sort();
    expect([...s.app.apiPaths()].sort()).toEqual(exact);
  });

  it('with no params: the same code, message and data shape on each endpoint', async () => {
    const differ: string[] = [];
    for (const path of table) {
      const c = cases[path];
      // Logging out with no params would end bob's own session, which the other calls use.
      if (path === paths.logout) continue;
      const call = { params: {}, path: callable(path) };
      const [http, sock] = [await over('http', path, call), await over('socket', path, call)];
      if ('httpOnly' in c) {
        expect([path, sock.code, sock.msg]).toEqual([path, 400, '该操作不能通过长连接进行']);
        expect([path, http.msg]).not.toEqual([path, '该操作不能通过长连接进行']);
        continue;
      }
      const a = { code: http.code, msg: http.msg, count: http.count, page: http.page, data: shape(http.data) };
      const b = { code: sock.code, msg: sock.msg, count: sock.count, page: sock.page, data: shape(sock.data) };
      if (JSON.stringify(a) !== JSON.stringify(b))
        differ.push(`${path}: http ${JSON.stringify(a)} socket ${JSON.stringify(b)}`);
    }
    expect(differ).toEqual([]);
  });

  it.each(table.filter((p) => !('httpOnly' in cases[p])))('%s with valid params', async (path) => {
    const c = cases[path];
    if ('read' in c) {
      const call = await c.read(world);
      const http = await over('http', path, call);
      const sock = await over('socket', path, call);
      expect(sock).toEqual(http);
      return;
    }
    if (!('write' in c)) return;
    // Each transport does the same to its own, equal objects.
    const http = await over('http', path, await c.write(world));
    const sock = await over('socket', path, await c.write(world));
    expect(http.code, http.msg).toBe(c.code ?? 0);
    const view = (e: typeof http) => ({ code: e.code, msg: e.msg, count: e.count, page: e.page, data: shape(e.data) });
    expect(view(sock)).toEqual(view(http));
  });

  it.each(table.filter((p) => 'httpOnly' in cases[p]))(
    '%s is refused over the socket (HTTP only, §11.6)',
    async (path) => {
      const reason = (cases[path] as { httpOnly: string }).httpOnly;
      expect(reason).toMatch(/^§11\.6: /);
      expect(await bobSock.call(callable(path), { lang: 'en-us' })).toMatchObject({
        code: 400,
        msg: 'This action cannot be made over the socket',
      });
    },
  );

  it('speaks the language of the upgrade request, or of params.lang', async () => {
    const bad = { toContactId: 'nonsense' };
    expect((await bobSock.call('/enterprise/im/getMessageList', bad)).msg).toBe(
      (await s.api.post('/enterprise/im/getMessageList', bad, { token: bob.token })).body.msg,
    );
    const en = await bobSock.call('/enterprise/im/getMessageList', { ...bad, lang: 'en-us' });
    expect(en.msg).toBe(
      (await s.api.post('/enterprise/im/getMessageList', bad, { token: bob.token, lang: 'en' })).body.msg,
    );
    expect(en.msg).toMatch(/^Invalid parameter/);
  });
});

/**
 * bob is alice's friend, so alice's sockets going away push `isOnline` to him: waited for here,
 * so that push is not taken for a held reply further down.
 */
const aliceOffline = () =>
  bobSock.next<{ id: number; is_online: number }>('isOnline', (d) => d.id === alice.id && d.is_online === 0);

describe('sending over the socket', () => {
  it('stores a message once when its id is sent twice, and pushes it as HTTP would', async () => {
    const aliceSock = await connectSocket(s.url, { token: alice.token });
    const id = randomUUID();
    const params = { id, type: 'text', content: 'over the socket', toContactId: alice.id };
    const first = await bobSock.call('/enterprise/im/sendMessage', params);
    expect(first.code, first.msg).toBe(0);
    const push = await aliceSock.next<{ id: string; toContactId: number }>('simple', (d) => d.id === id);
    expect(push.data.toContactId).toBe(bob.id);
    // The client retried (the reply was lost), first over the socket, then over HTTP.
    const again = await bobSock.call('/enterprise/im/sendMessage', params);
    const viaHttp = await s.api.post('/enterprise/im/sendMessage', params, { token: bob.token });
    expect([again.code, again.data.msg_id, viaHttp.body.data.msg_id]).toEqual([
      0,
      first.data.msg_id,
      first.data.msg_id,
    ]);
    await assertNothing(s, aliceSock, 'simple');
    const list = await s.api.post(
      '/enterprise/im/getMessageList',
      { toContactId: alice.id, limit: 100 },
      { token: bob.token },
    );
    expect(list.body.data.filter((m: { id: string }) => m.id === id)).toHaveLength(1);
    aliceSock.close();
    await aliceOffline();
  });

  it('answers an unbound connection -1, whatever the route', async () => {
    const anon = await connectSocket(s.url);
    expect(await anon.call('/enterprise/im/getContacts', {})).toMatchObject({ code: -1, msg: '请先登录', data: '' });
    expect((await anon.call('/common/pub/getSystemInfo', { lang: 'en-us' })).code).toBe(-1);
    anon.close();
  });

  it('refuses administration and uploads with socket.notAllowed in the caller language', async () => {
    const admin = await connectSocket(s.url, { token: alice.token });
    expect(await admin.call('/manage/user/index', { lang: 'en-us' })).toMatchObject({
      code: 400,
      msg: 'This action cannot be made over the socket',
      data: '',
      page: 0,
    });
    expect((await admin.call('/Common/Upload/uploadFile.html', {})).msg).toBe('该操作不能通过长连接进行');
    // Over HTTP the same admin call works.
    expect((await s.api.post('/manage/user/index', {}, { token: alice.token })).body.code).toBe(0);
    admin.close();
    await aliceOffline();
  });

  it('answers unknown paths 404 as HTTP does', async () => {
    expect(await bobSock.call('/enterprise/im/nope', {})).toMatchObject({ code: 404, msg: '接口不存在' });
  });

  it('lets replies overtake each other; each is matched by its seq', async () => {
    holding = true;
    try {
      // The first call's reply is held (its commit "not yet durable") before the second is even sent.
      const slow = bobSock.call('/enterprise/im/getUserInfo', { user_id: alice.id }, { seq: 1001 });
      await expect.poll(() => held.length).toBe(1);
      const fast = bobSock.call('/enterprise/im/getUserInfo', { user_id: carol.id }, { seq: 1002 });
      await expect.poll(() => held.length).toBe(2);
      held.splice(1, 1)[0]?.();
      const second = await fast;
      expect(bobSock.frames.some((f) => f.type === 'reply' && f.seq === 1001)).toBe(false);
      held.splice(0, 1)[0]?.();
      const first = await slow;
      expect([first.seq, first.data.id, second.seq, second.data.id]).toEqual([1001, alice.id, 1002, carol.id]);
    } finally {
      holding = false;
      held.splice(0).forEach((fn) => fn());
    }
  });
});
