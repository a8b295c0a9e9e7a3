import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from './helpers/index';
import { freshUser, seedAdminPeople, sendText } from './admin-fixtures';
import { createGroup } from './group-fixtures';

/**
 * PROTOCOL §12.2 over every `/manage/*` endpoint of §12.3 (and Parley's extensions), for each
 * kind of caller: no token → -1; an ordinary user → 400 auth.notAdmin; an administrator → served,
 * except ★ endpoints → 400 admin.superOnly; the super-administrator → served.
 */

let s: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let dave: TestUser;

beforeAll(async () => {
  s = await startTestServer();
  ({ alice, bob, carol, dave } = await seedAdminPeople(s));
});
afterAll(async () => s?.close());

type Access = 'read' | 'write' | 'super';
interface Case {
  path: string;
  access: Access;
  /** Params for one call by `actor`; may create what the call consumes (a user to delete…). */
  params: (actor: TestUser) => Promise<Record<string, unknown>>;
}
const none = async () => ({});
let deps = 0;
/** A fresh department (made by the super-administrator) for a call to consume. */
async function newDep(): Promise<number> {
  const r = await s.api.post('/manage/org/add', { name: `Dep ${++deps}` }, { token: alice.token });
  return r.body.data.id as number;
}

const cases: Case[] = [
  { path: '/manage/index/index', access: 'read', params: none },
  { path: '/manage/index/messageStats', access: 'read', params: async () => ({ days: 7 }) },
  { path: '/manage/index/clearMessage', access: 'super', params: none },
  { path: '/manage/index/noticeList', access: 'read', params: none },
  {
    path: '/manage/index/publishNotice',
    access: 'super',
    params: async () => ({ title: 'Hello', content: 'Welcome' }),
  },
  {
    path: '/manage/index/delNotice',
    access: 'write',
    params: async () => {
      const r = await s.api.post(
        '/manage/index/publishNotice',
        { title: 'Temp', content: 'x' },
        { token: alice.token },
      );
      return { id: r.body.data.msg_id };
    },
  },
  {
    path: '/manage/user/index',
    access: 'read',
    params: async () => ({ keywords: 'bo', order_field: 'account', order_type: 1 }),
  },
  { path: '/manage/user/detail', access: 'read', params: async () => ({ user_id: bob.id }) },
  {
    path: '/manage/user/add',
    access: 'write',
    params: async () => ({
      account: `add${Math.random().toString(36).slice(2, 8)}`,
      realname: 'New',
      password: 'secret1',
    }),
  },
  {
    path: '/manage/user/edit',
    access: 'write',
    params: async () => ({ user_id: dave.id, realname: 'Dave D', remark: 'note' }),
  },
  { path: '/manage/user/del', access: 'write', params: async () => ({ user_id: (await freshUser(s, alice)).id }) },
  {
    path: '/manage/user/setStatus',
    access: 'write',
    params: async () => ({ user_id: (await freshUser(s, alice)).id, status: 0 }),
  },
  {
    path: '/manage/user/setRole',
    access: 'super',
    params: async () => ({ user_id: (await freshUser(s, alice)).id, role: 0 }),
  },
  {
    path: '/manage/user/editPassword',
    access: 'write',
    params: async () => ({ user_id: (await freshUser(s, alice)).id, password: 'another1' }),
  },
  { path: '/manage/group/index', access: 'read', params: async () => ({ keywords: 'tea', order_field: 'name' }) },
  {
    path: '/manage/group/groupUserList',
    access: 'read',
    params: async () => ({ group_id: await createGroup(s, alice, [bob, dave]) }),
  },
  {
    path: '/manage/group/changeOwner',
    access: 'write',
    params: async () => ({ group_id: await createGroup(s, alice, [bob, dave]), user_id: bob.id }),
  },
  {
    path: '/manage/group/setManager',
    access: 'write',
    params: async () => ({ group_id: await createGroup(s, alice, [bob, dave]), user_id: bob.id, role: 2 }),
  },
  {
    path: '/manage/group/del',
    access: 'write',
    params: async () => ({ group_id: await createGroup(s, alice, [bob, dave]) }),
  },
  {
    path: '/manage/group/delGroupUser',
    access: 'write',
    params: async () => ({ group_id: await createGroup(s, alice, [bob, dave]), user_id: dave.id }),
  },
  {
    path: '/manage/group/addGroupUser',
    access: 'write',
    params: async () => ({ group_id: await createGroup(s, alice, [bob, dave]), user_ids: [carol.id] }),
  },
  { path: '/manage/message/index', access: 'read', params: async () => ({ user_id: bob.id, toContactId: dave.id }) },
  { path: '/manage/message/getContacts', access: 'read', params: async () => ({ user_id: bob.id, hasConvo: 1 }) },
  {
    path: '/manage/message/dealMsg',
    access: 'write',
    params: async () => ({ id: (await sendText(s, bob, dave.id, 'rude words')).id, dealType: 2 }),
  },
  { path: '/manage/config/getAllConfig', access: 'read', params: none },
  { path: '/manage/config/getInfo', access: 'read', params: async () => ({ name: 'chatInfo' }) },
  {
    path: '/manage/config/setConfig',
    access: 'write',
    params: async () => ({ name: 'chatInfo', value: { redoTime: 600 } }),
  },
  { path: '/manage/config/getInviteLink', access: 'write', params: none },
  { path: '/manage/audit/index', access: 'super', params: none },
  // §18: the department editor.
  { path: '/manage/org/add', access: 'write', params: async () => ({ name: `Dep ${++deps}` }) },
  { path: '/manage/org/edit', access: 'write', params: async () => ({ id: await newDep(), name: `Dep ${++deps}` }) },
  { path: '/manage/org/del', access: 'write', params: async () => ({ id: await newDep() }) },
  { path: '/manage/org/move', access: 'write', params: async () => ({ user_ids: [dave.id], dep_id: 0 }) },
];

describe('the admin guard on every /manage endpoint', () => {
  it.each(cases)('$path ($access)', async ({ path, access, params }) => {
    // No token: authentication fails (-1), never a business answer.
    expect((await s.api.post(path, await params(alice), { lang: 'en' })).body.code).toBe(-1);
    // An ordinary user: 400, the session is fine.
    expect((await s.api.post(path, await params(bob), { token: bob.token, lang: 'en' })).body).toMatchObject({
      code: 400,
      msg: 'Administrator rights are required',
    });
    // An administrator: served, except the super-administrator's ★ endpoints.
    const asAdmin = await s.api.post(path, await params(carol), { token: carol.token, lang: 'en' });
    if (access === 'super')
      expect(asAdmin.body).toMatchObject({ code: 400, msg: 'Only the super-administrator can do this' });
    else expect(asAdmin.body.code, asAdmin.body.msg).toBe(0);
    // The super-administrator: served.
    const asSuper = await s.api.post(path, await params(alice), { token: alice.token, lang: 'en' });
    expect(asSuper.body.code, asSuper.body.msg).toBe(0);
  });
});
