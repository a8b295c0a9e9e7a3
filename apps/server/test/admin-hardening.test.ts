import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from './helpers/index';
import { seedAdminPeople } from './admin-fixtures';

/**
 * Issue 36 #2–#4: long search words on the console's lists, demoting a super-administrator,
 * and refused console writes in the audit log. alice is the super-administrator, carol an
 * administrator, bob and dave ordinary users.
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

const call = (who: TestUser, path: string, body: Record<string, unknown>) =>
  s.api.post(path, body, { token: who.token, lang: 'en' });

interface AuditLine {
  actor_id: number;
  action: string;
  target_type: string;
  target_id: string;
  detail: Record<string, unknown>;
}
const auditOf = async (action: string): Promise<AuditLine[]> =>
  (await call(alice, '/manage/audit/index', { action, limit: 100 })).body.data as AuditLine[];

describe('search words on the console lists', () => {
  it('answers 400 with a translated message for words over the cap, as the user endpoints do', async () => {
    const lists: Array<[string, Record<string, unknown>]> = [
      ['/manage/user/index', {}],
      ['/manage/group/index', {}],
      ['/manage/message/index', {}],
      ['/manage/message/getContacts', { user_id: bob.id }],
    ];
    for (const [path, extra] of lists) {
      for (const n of [101, 100_000]) {
        const res = await call(carol, path, { ...extra, keywords: 'a%'.repeat(n).slice(0, n) });
        expect(res.body, `${path} ${n}`).toMatchObject({
          code: 400,
          msg: 'Search terms are limited to 100 characters',
        });
      }
      const zh = await s.api.post(path, { ...extra, keywords: 'x'.repeat(101) }, { token: carol.token });
      expect(zh.body.msg).toBe('搜索内容不能超过100个字');
      expect((await call(carol, path, { ...extra, keywords: 'b'.repeat(100) })).body.code, path).toBe(0);
    }
  });
});

describe('demoting a super-administrator', () => {
  it('lets one super-administrator demote another, audited, but never the last one', async () => {
    expect((await call(alice, '/manage/user/setRole', { user_id: dave.id, role: 1 })).body.code).toBe(0);
    // The promoted one can be demoted again, by the one who promoted them…
    expect((await call(alice, '/manage/user/setRole', { user_id: dave.id, role: 2 })).body.code).toBe(0);
    expect((await call(dave, '/manage/audit/index', {})).body.msg).toBe('Only the super-administrator can do this');
    // …and can demote the original one.
    expect((await call(alice, '/manage/user/setRole', { user_id: dave.id, role: 1 })).body.code).toBe(0);
    expect((await call(dave, '/manage/user/setRole', { user_id: alice.id, role: 0 })).body.code).toBe(0);
    expect((await call(alice, '/manage/user/index', {})).body.msg).toBe('Administrator rights are required');
    // The last one cannot step down.
    expect((await call(dave, '/manage/user/setRole', { user_id: dave.id, role: 2 })).body).toMatchObject({
      code: 400,
      msg: 'At least one super-administrator must remain',
    });
    const zh = await s.api.post('/manage/user/setRole', { user_id: dave.id, role: 2 }, { token: dave.token });
    expect(zh.body.msg).toBe('至少需要保留一名超级管理员');
    expect((await call(dave, '/manage/user/setRole', { user_id: alice.id, role: 1 })).body.code).toBe(0);

    const lines = await auditOf('user.setRole');
    expect(
      lines.find((l) => l.actor_id === dave.id && l.target_id === String(alice.id) && l.detail.role === 0),
    ).toMatchObject({ target_type: 'user', detail: { role: 0, from: 1 } });
    expect(
      lines.find((l) => l.actor_id === alice.id && l.target_id === String(dave.id) && l.detail.role === 2),
    ).toMatchObject({ detail: { from: 1 } });
  });

  it('keeps one super-administrator when two demote each other at once', async () => {
    expect((await call(alice, '/manage/user/setRole', { user_id: dave.id, role: 1 })).body.code).toBe(0);
    const [a, d] = await Promise.all([
      call(alice, '/manage/user/setRole', { user_id: dave.id, role: 0 }),
      call(dave, '/manage/user/setRole', { user_id: alice.id, role: 0 }),
    ]);
    const codes = [a.body.code, d.body.code].sort();
    expect(codes).toEqual([0, 400]);
    const supers = await s.database.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 1)
      .where('delete_time', '=', 0)
      .execute();
    expect(supers).toHaveLength(1);
    // Whoever is left puts the other back as it was: alice super, dave ordinary.
    const left = supers[0]?.id === alice.id ? alice : dave;
    if (left === dave) {
      expect((await call(dave, '/manage/user/setRole', { user_id: alice.id, role: 1 })).body.code).toBe(0);
      expect((await call(alice, '/manage/user/setRole', { user_id: dave.id, role: 0 })).body.code).toBe(0);
    }
  });
});

describe('refused console writes', () => {
  it('are written to the audit log with who tried what on whom, and why it was refused', async () => {
    const tries: Array<[TestUser, string, Record<string, unknown>, string]> = [
      [carol, '/manage/user/setStatus', { user_id: alice.id, status: 0 }, 'admin.protectedUser'],
      [carol, '/manage/user/del', { user_id: alice.id }, 'admin.protectedUser'],
      [carol, '/manage/user/editPassword', { user_id: alice.id, password: 'taken-over1' }, 'admin.protectedUser'],
      [carol, '/manage/user/edit', { user_id: alice.id, realname: 'Mallory' }, 'admin.protectedUser'],
      [carol, '/manage/user/setRole', { user_id: carol.id, role: 1 }, 'admin.superOnly'],
      [bob, '/manage/user/del', { user_id: alice.id }, 'auth.notAdmin'],
      [bob, '/manage/config/setConfig', { name: 'sysInfo', value: { state: 0 } }, 'auth.notAdmin'],
    ];
    for (const [who, path, body, key] of tries) {
      const res = await call(who, path, body);
      expect(res.body.code, path).toBe(400);
      const action = path.replace('/manage/', '').replace('/', '.');
      const line = (await auditOf(action)).find((l) => l.actor_id === who.id && l.detail.refused === key);
      expect(line, `${path} by ${who.account}`).toBeDefined();
      if (body.user_id !== undefined)
        expect(line).toMatchObject({ target_type: 'user', target_id: String(body.user_id) });
      // What was sent is not copied into the log (a password, say).
      expect(JSON.stringify(line)).not.toContain('taken-over1');
    }
    // Nothing was changed by any of them.
    const me = await call(alice, '/manage/user/detail', { user_id: alice.id });
    expect(me.body.data).toMatchObject({ realname: 'Alice', status: 1, role: 1 });
  });
});
