import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, seedPeople, startTestServer, type TestServer, type TestSocket, type TestUser } from './helpers/index';

/**
 * PROTOCOL §11.6: a bound socket carries API calls as `call`/`reply` frames, answered by the same
 * code path as HTTP. The table walks every registered route and asks the same of both transports.
 */

let s: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let bobSock: TestSocket;
/** Outputs (replies, pushes) wait here while `holding`, as on a disk whose sync is slow. */
let holding = false;
const held: Array<() => void> = [];

beforeAll(async () => {
  s = await startTestServer({ afterDurable: (fn) => (holding ? held.push(fn) : fn()) });
  ({ alice, bob, carol } = await seedPeople(s.api));
  bobSock = await connectSocket(s.url, { token: bob.token });
});
afterAll(async () => {
  bobSock?.close();
  await s?.close();
});

/** The structure of a value (keys and types, first element of arrays), not its contents. */
function shape(v: unknown): unknown {
  if (Array.isArray(v)) return v.length ? [shape(v[0])] : [];
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.keys(v).sort().map((k) => [k, shape((v as Record<string, unknown>)[k])]));
  }
  return v === null ? 'null' : typeof v;
}

const isUpload = (p: string) => p.toLowerCase().startsWith('/common/upload/');
const isManage = (p: string) => p.toLowerCase().startsWith('/manage/');
/** Ends the very session the socket carries; its own test is the HTTP one. */
const notInTable = new Set(['/common/pub/logout']);

async function both(path: string, params: Record<string, unknown>) {
  const http = await s.api.post(path, params, { token: bob.token });
  const sock = await bobSock.call(path, params);
  return { http: http.body, sock };
}

describe('every endpoint answers the same over `call` as over HTTP (§11.6)', () => {
  it('covers the whole route table', () => {
    const paths = s.app.apiPaths();
    expect(paths.length).toBeGreaterThan(90);
    expect(paths).toContain('/enterprise/im/sendMessage');
  });

  it('with no params: the same code, message and data shape on each route', async () => {
    const paths = s.app.apiPaths().filter((p) => !notInTable.has(p));
    const differ: string[] = [];
    for (const path of paths) {
      const { http, sock } = await both(path, {});
      if (isUpload(path) || isManage(path)) {
        expect([path, sock.code, sock.msg]).toEqual([path, 400, '该操作不能通过长连接进行']);
        continue;
      }
      const a = { code: http.code, msg: http.msg, count: http.count, page: http.page, data: shape(http.data) };
      const b = { code: sock.code, msg: sock.msg, count: sock.count, page: sock.page, data: shape(sock.data) };
      if (JSON.stringify(a) !== JSON.stringify(b)) differ.push(`${path}: http ${JSON.stringify(a)} socket ${JSON.stringify(b)}`);
    }
    expect(differ).toEqual([]);
  });

  it('with valid params: the same answers for reads and a bad param named the same', async () => {
    await s.api.post('/enterprise/im/sendMessage', { id: randomUUID(), type: 'text', content: 'hi', toContactId: alice.id }, { token: bob.token });
    const calls: Array<[string, Record<string, unknown>]> = [
      ['/enterprise/im/getContacts', {}],
      ['/enterprise/im/getMessageList', { toContactId: alice.id, limit: 5 }],
      ['/enterprise/im/getMessageList', { toContactId: 'nonsense' }],
      ['/enterprise/im/getUserInfo', { user_id: carol.id }],
      ['/enterprise/im/getContactInfo', { id: alice.id }],
      ['/enterprise/im/userList', { page: 1, limit: 2 }],
      ['/enterprise/im/searchUser', { keywords: 'car' }],
      ['/enterprise/friend/index', {}],
      ['/enterprise/emoji/index', {}],
      ['/enterprise/files/index', {}],
      ['/enterprise/moments/list', {}],
      ['/enterprise/moments/unread', {}],
      ['/common/pub/getSystemInfo', {}],
      ['/enterprise/im/sendMessage', { id: 'not-a-uuid', type: 'text', content: 'x', toContactId: alice.id }],
      ['/enterprise/im/sendMessage', { id: randomUUID(), type: 'text', content: 'x', toContactId: 'admin_notice' }],
    ];
    for (const [path, params] of calls) {
      const { http, sock } = await both(path, params);
      expect({ path, code: sock.code, msg: sock.msg, count: sock.count, data: shape(sock.data) }).toEqual({
        path, code: http.code, msg: http.msg, count: http.count, data: shape(http.data),
      });
    }
    const same = await both('/enterprise/im/getMessageList', { toContactId: alice.id, limit: 5 });
    expect(same.sock.data).toEqual(same.http.data);
  });

  it('speaks the language of the upgrade request, or of params.lang', async () => {
    const bad = { toContactId: 'nonsense' };
    expect((await bobSock.call('/enterprise/im/getMessageList', bad)).msg).toBe((await s.api.post('/enterprise/im/getMessageList', bad, { token: bob.token })).body.msg);
    const en = await bobSock.call('/enterprise/im/getMessageList', { ...bad, lang: 'en-us' });
    expect(en.msg).toBe((await s.api.post('/enterprise/im/getMessageList', bad, { token: bob.token, lang: 'en' })).body.msg);
    expect(en.msg).toMatch(/^Invalid parameter/);
  });
});

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
    expect([again.code, again.data.msg_id, viaHttp.body.data.msg_id]).toEqual([0, first.data.msg_id, first.data.msg_id]);
    await aliceSock.expectNone('simple');
    const list = await s.api.post('/enterprise/im/getMessageList', { toContactId: alice.id, limit: 100 }, { token: bob.token });
    expect(list.body.data.filter((m: { id: string }) => m.id === id)).toHaveLength(1);
    aliceSock.close();
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
      code: 400, msg: 'This action cannot be made over the socket', data: '', page: 0,
    });
    expect((await admin.call('/Common/Upload/uploadFile.html', {})).msg).toBe('该操作不能通过长连接进行');
    // Over HTTP the same admin call works.
    expect((await s.api.post('/manage/user/index', {}, { token: alice.token })).body.code).toBe(0);
    admin.close();
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
