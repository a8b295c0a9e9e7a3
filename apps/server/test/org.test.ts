import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Department, OrgMember } from '@parley/protocol';
import { connectSocket, startTestServer, type TestServer, type TestUser } from './helpers/index';
import { seedAdminPeople } from './admin-fixtures';

/**
 * PROTOCOL §18 on both databases: the tree with its counts, members, the editor's rules (cycles,
 * non-empty deletes, names), user/add and user/edit with department and position, what cards and
 * contacts say, runMode 2 refusal, and `orgChanged` to every bound connection after commit.
 * alice is the super-administrator, carol an administrator, bob and dave ordinary (runMode 1).
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

const post = (who: TestUser, path: string, body: Record<string, unknown> = {}, lang = 'en') =>
  s.api.post(path, body, { token: who.token, lang });
async function ok<T = unknown>(who: TestUser, path: string, body: Record<string, unknown> = {}): Promise<T> {
  const res = await post(who, path, body);
  expect(res.body.code, `${path}: ${res.body.msg}`).toBe(0);
  return res.body.data as T;
}
const addDep = async (name: string, parent_id = 0) =>
  (await ok<Department>(alice, '/manage/org/add', { name, parent_id })).id;
const tree = () => ok<Department[]>(bob, '/enterprise/org/tree');
const find = (list: Department[], id: number): Department | undefined => {
  for (const d of list) {
    if (d.id === id) return d;
    const below = find(d.children, id);
    if (below) return below;
  }
  return undefined;
};

describe('the tree and its people', () => {
  it('builds a tree sorted by sort then name, with members counted through every level', async () => {
    const rd = await addDep('研发部');
    const fe = await addDep('前端组', rd);
    const be = await addDep('后端组', rd);
    const sales = await addDep('Sales');
    await ok(alice, '/manage/org/edit', { id: be, sort: -1 }); // before 前端组 whatever the names say
    await ok(alice, '/manage/user/edit', { user_id: bob.id, dep_id: fe, position: '前端工程师' });
    await ok(alice, '/manage/user/edit', { user_id: dave.id, dep_id: be, position: 'Backend' });
    await ok(alice, '/manage/user/edit', { user_id: carol.id, dep_id: rd });

    const t = await tree();
    const top = t.filter((d) => d.id === rd || d.id === sales).map((d) => d.name);
    expect(top).toEqual(['研发部', 'Sales']); // sort 0 then 1 (added in that order)
    const rdNode = find(t, rd);
    expect(rdNode?.children.map((c) => c.name)).toEqual(['后端组', '前端组']);
    expect(rdNode?.memberCount).toBe(3);
    expect(find(t, fe)?.memberCount).toBe(1);
    expect(find(t, sales)?.memberCount).toBe(0);

    // Members of one department, of its subtree, and of nobody's department.
    const direct = await s.api.post('/enterprise/org/members', { dep_id: rd }, { token: bob.token });
    expect(direct.body.count).toBe(1);
    expect((direct.body.data as OrgMember[])[0]).toMatchObject({ user_id: carol.id, dep_name: '研发部' });
    const all = await s.api.post('/enterprise/org/members', { dep_id: rd, recursive: 1 }, { token: bob.token });
    expect(all.body.count).toBe(3);
    expect((all.body.data as OrgMember[]).find((m) => m.user_id === bob.id)).toMatchObject({
      dep_id: fe,
      dep_name: '前端组',
      position: '前端工程师',
      realname: 'Bob',
    });
    const none = await s.api.post('/enterprise/org/members', { dep_id: 0 }, { token: bob.token });
    expect((none.body.data as OrgMember[]).map((m) => m.user_id)).toContain(alice.id);
    expect((none.body.data as OrgMember[]).map((m) => m.user_id)).not.toContain(bob.id);
    // Search inside a department matches name, account and position; paging answers count and page.
    const found = await s.api.post(
      '/enterprise/org/members',
      { dep_id: rd, recursive: 1, keywords: 'backend' },
      { token: bob.token },
    );
    expect((found.body.data as OrgMember[]).map((m) => m.user_id)).toEqual([dave.id]);
    const paged = await s.api.post(
      '/enterprise/org/members',
      { dep_id: rd, recursive: 1, page: 2, limit: 2 },
      { token: bob.token },
    );
    expect(paged.body).toMatchObject({ code: 0, count: 3, page: 2 });
    expect(paged.body.data).toHaveLength(1);
    expect((await post(bob, '/enterprise/org/members', { dep_id: 999999 })).body).toMatchObject({
      code: 400,
      msg: 'No such department',
    });

    // Cards, contacts and admin rows carry the real department and position.
    const card = await ok<{ dep_id: number; dep_name: string; position: string }>(bob, '/enterprise/im/getUserInfo', {
      user_id: dave.id,
    });
    expect(card).toMatchObject({ dep_id: be, dep_name: '后端组', position: 'Backend' });
    const contacts = await ok<Array<{ id: number; dep_id: number; dep_name: string; position: string }>>(
      carol,
      '/enterprise/im/getContacts',
    );
    expect(contacts.find((c) => c.id === bob.id)).toMatchObject({
      dep_id: fe,
      dep_name: '前端组',
      position: '前端工程师',
    });
    const info = await ok<{ dep_name: string }>(carol, '/enterprise/im/getContactInfo', { id: bob.id });
    expect(info.dep_name).toBe('前端组');
    expect(await ok(alice, '/manage/user/detail', { user_id: bob.id })).toMatchObject({
      dep_id: fe,
      dep_name: '前端组',
      position: '前端工程师',
    });
  });

  it('user/add places a new person; bad departments and positions are refused with nothing written', async () => {
    const ops = await addDep('运营部');
    const added = await ok<{ id: number; dep_id: number; position: string }>(alice, '/manage/user/add', {
      account: 'ops0001',
      realname: '小运',
      password: 'ops-pw001',
      dep_id: ops,
      position: '运营专员',
    });
    expect(added).toMatchObject({ dep_id: ops, position: '运营专员' });
    expect(find(await tree(), ops)?.memberCount).toBe(1);

    const noDep = await post(alice, '/manage/user/add', {
      account: 'ops0002',
      realname: 'X',
      password: 'ops-pw002',
      dep_id: 424242,
    });
    expect(noDep.body).toMatchObject({ code: 400, msg: 'No such department' });
    const longPos = await post(alice, '/manage/user/edit', { user_id: added.id, position: '职'.repeat(33) }, 'zh-CN');
    expect(longPos.body).toMatchObject({ code: 400, msg: '职位不能超过32个字符' });
    expect((await post(alice, '/manage/user/index', { keywords: 'ops0002' })).body.count).toBe(0);
    expect(await ok(alice, '/manage/user/detail', { user_id: added.id })).toMatchObject({ position: '运营专员' });
  });
});

describe('the editor', () => {
  it('moves departments, refuses cycles, keeps sibling names unique', async () => {
    const a = await addDep('A部');
    const b = await addDep('B部', a);
    const c = await addDep('C部', b);
    // Under itself, under its child, under its grandchild: refused in both languages.
    for (const parent of [a, b, c]) {
      expect((await post(alice, '/manage/org/edit', { id: a, parent_id: parent })).body).toMatchObject({
        code: 400,
        msg: 'A department cannot be moved under itself or its sub-departments',
      });
    }
    expect((await post(alice, '/manage/org/edit', { id: a, parent_id: c }, 'zh-CN')).body.msg).toBe(
      '不能把部门移到它自己或它的下级部门下',
    );
    expect(find(await tree(), a)?.parent_id).toBe(0);
    // A legal move: C up to the top, renamed on the way.
    await ok(alice, '/manage/org/edit', { id: c, parent_id: 0, name: 'C组' });
    const t = await tree();
    expect(find(t, c)).toMatchObject({ parent_id: 0, name: 'C组' });
    expect(find(t, b)?.children).toEqual([]);
    // Names: unique among siblings, 1–32 characters, no "/".
    expect((await post(alice, '/manage/org/add', { name: 'B部', parent_id: a })).body).toMatchObject({
      code: 400,
      msg: 'A department with this name already exists at this level',
    });
    expect((await post(alice, '/manage/org/edit', { id: c, parent_id: a, name: 'B部' })).body.code).toBe(400);
    expect(find(await tree(), c)?.parent_id).toBe(0);
    for (const name of ['', 'x/y', 'n'.repeat(33)]) {
      expect((await post(alice, '/manage/org/add', { name })).body.code, name).toBe(400);
    }
    expect((await post(alice, '/manage/org/add', { name: 'Z', parent_id: 777777 })).body.msg).toBe(
      'No such department',
    );
  });

  it('deletes only empty departments, and moves people in bulk', async () => {
    const top = await addDep('待删部');
    const sub = await addDep('子部', top);
    const notEmpty = 'This department still has sub-departments or people; move them out first';
    expect((await post(alice, '/manage/org/del', { id: top })).body).toMatchObject({ code: 400, msg: notEmpty });
    await ok(alice, '/manage/org/move', { user_ids: [bob.id, dave.id], dep_id: sub });
    expect(find(await tree(), top)?.memberCount).toBe(2);
    expect((await post(alice, '/manage/org/del', { id: sub }, 'zh-CN')).body).toMatchObject({
      code: 400,
      msg: '该部门下还有子部门或成员，请先移走后再删除',
    });
    const moved = await ok<{ moved: number }>(alice, '/manage/org/move', { user_ids: [bob.id, dave.id], dep_id: 0 });
    expect(moved.moved).toBe(2);
    await ok(alice, '/manage/org/del', { id: sub });
    await ok(alice, '/manage/org/del', { id: top });
    expect(find(await tree(), top)).toBeUndefined();
    expect((await post(alice, '/manage/org/move', { user_ids: [bob.id], dep_id: 888888 })).body.msg).toBe(
      'No such department',
    );
  });

  it('is for administrators only, and pushes orgChanged to every bound connection after the change', async () => {
    expect((await post(bob, '/manage/org/add', { name: 'Nope' })).body).toMatchObject({
      code: 400,
      msg: 'Administrator rights are required',
    });
    const [bobWs, daveWs] = await Promise.all([
      connectSocket(s.url, { token: bob.token }),
      connectSocket(s.url, { token: dave.token }),
    ]);
    const anon = await connectSocket(s.url);
    try {
      const id = await addDep('推送部');
      const [b, d] = await Promise.all([bobWs.next<{ version: number }>('orgChanged'), daveWs.next('orgChanged')]);
      expect(b.data.version).toBeGreaterThan(0);
      expect(d.type).toBe('orgChanged');
      // The change is readable by the time its push arrives.
      expect(find(await tree(), id)?.name).toBe('推送部');
      await anon.expectNoneSoFar('orgChanged');
      // A refused change pushes nothing.
      expect((await post(alice, '/manage/org/edit', { id, parent_id: id })).body.code).toBe(400);
      await bobWs.expectNoneSoFar('orgChanged');
      // People moving is a change too.
      await ok(alice, '/manage/org/move', { user_ids: [dave.id], dep_id: id });
      await bobWs.next('orgChanged');
    } finally {
      bobWs.close();
      daveWs.close();
      anon.close();
    }
  });

  it('pushes orgChanged when someone registers in runMode 1, and not in runMode 2', async () => {
    const bobWs = await connectSocket(s.url, { token: bob.token });
    const everyone = async () =>
      (await ok<OrgMember[]>(bob, '/enterprise/org/members', { dep_id: 0, recursive: 1, limit: 100 })).map(
        (m) => m.realname,
      );
    const register = async (account: string, realname: string) =>
      expect(
        (await s.api.post('/common/pub/register', { account, realname, password: 'newcomer-pw1' })).body.code,
      ).toBe(0);
    try {
      await register('newcomer1', '新同事甲');
      await bobWs.next('orgChanged');
      // The newcomer is in the company by the time the push arrives.
      expect(await everyone()).toContain('新同事甲');

      await ok(alice, '/manage/config/setConfig', { name: 'sysInfo', value: { runMode: 2 } });
      await register('newcomer2', '新同事乙');
      await bobWs.expectNoneSoFar('orgChanged');
    } finally {
      await ok(alice, '/manage/config/setConfig', { name: 'sysInfo', value: { runMode: 1 } });
      bobWs.close();
    }
  });
});

describe('runMode 2', () => {
  it('refuses the tree and members to ordinary users, not to system admins', async () => {
    await ok(alice, '/manage/config/setConfig', { name: 'sysInfo', value: { runMode: 2 } });
    try {
      for (const path of ['/enterprise/org/tree', '/enterprise/org/members']) {
        expect((await post(bob, path, { dep_id: 0 })).body).toMatchObject({
          code: 400,
          msg: 'The organization is only available in enterprise mode',
        });
        expect((await post(bob, path, { dep_id: 0 }, 'zh-CN')).body.msg).toBe('组织架构仅在企业模式下可用');
        expect((await post(carol, path, { dep_id: 0 })).body.code).toBe(0);
      }
    } finally {
      await ok(alice, '/manage/config/setConfig', { name: 'sysInfo', value: { runMode: 1 } });
    }
  });
});

describe('the helpers import and directory sync build on', () => {
  it('ensurePath finds or creates a path once, and setUserOrg places a person', async () => {
    const org = s.services.org;
    const first = await org.ensurePath(['总部', '财务部', '差旅组']);
    expect(first.created).toBe(3);
    // Twice at once, and again later: the same department, nothing more created.
    const [again, racing] = await Promise.all([
      org.ensurePath(['总部', '财务部', '差旅组']),
      org.ensurePath(['总部', '财务部', '差旅组']),
    ]);
    expect([again.id, racing.id]).toEqual([first.id, first.id]);
    expect(again.created + racing.created).toBe(0);
    expect((await org.ensurePath([])).id).toBe(0);
    await expect(org.ensurePath(['总部', 'a/b'])).rejects.toMatchObject({ msgKey: 'org.badName' });

    expect(await org.setUserOrg(dave.id, { dep_id: first.id, position: '差旅专员' })).toBe(true);
    expect(await org.setUserOrg(dave.id, { dep_id: first.id, position: '差旅专员' })).toBe(false);
    const card = await ok<{ dep_name: string; position: string }>(bob, '/enterprise/im/getUserInfo', {
      user_id: dave.id,
    });
    expect(card).toMatchObject({ dep_name: '差旅组', position: '差旅专员' });
  });
});
