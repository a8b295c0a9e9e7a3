import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { limits, type Department } from '@parley/protocol';
import { serverWithPeople } from './chat-fixtures';
import { startTestServer } from './helpers/index';
import { startTestDirectory, type DirectoryPerson } from './helpers/slapd';

/** PROTOCOL §19 LDAP: sync, departments from OUs, sign-in through the directory, against a real slapd. */

const { s, alice, bob, carol } = await serverWithPeople();
const dir = await startTestDirectory();
afterAll(async () => {
  await dir.close();
  // The directory is really gone: its process exited and its port answers no more.
  expect(dir.process.exitCode !== null || dir.process.signalCode !== null).toBe(true);
  const probe = await s.api.post('/manage/sso/testLdap', { ldap: {} }, { token: alice.token, lang: 'en' });
  expect(probe.body.msg).toBe('The directory server cannot be reached; check its address and port');
});

const on = {
  status: 1,
  url: dir.url,
  bindDN: dir.bindDN,
  bindPassword: dir.bindPassword,
  baseDN: dir.baseDN,
  userFilter: '(objectClass=inetOrgPerson)',
  depFromOU: 1,
  login: 1,
  syncHours: 24,
};
const admin = (path: string, params: Record<string, unknown> = {}, token = alice.token) =>
  s.api.post(path, params, { token, lang: 'en' });
const setLdap = (ldap: Record<string, unknown>) => admin('/manage/config/setConfig', { name: 'sso', value: { ldap } });
const sync = () => admin('/manage/org/syncLdap');
const login = (account: string, password: string) =>
  s.api.post('/common/pub/login', { account, password }, { lang: 'en' });
const userOf = async (account: string) => {
  const r = await admin('/manage/user/index', { keywords: account, limit: 50 });
  return (r.body.data as Array<{ account: string; user_id: number; status: number; realname: string }>).find(
    (u) => u.account === account,
  );
};
const person = (i: number) => dir.people[i] as DirectoryPerson;

/** The department tree as name paths with their member counts, e.g. `Engineering/Frontend: 6`. */
async function tree(): Promise<string[]> {
  const r = await admin('/enterprise/org/tree');
  const out: string[] = [];
  const walk = (deps: Department[], prefix: string) => {
    for (const d of deps) {
      out.push(`${prefix}${d.name}: ${d.memberCount}`);
      walk(d.children, `${prefix}${d.name}/`);
    }
  };
  walk(r.body.data as Department[], '');
  return out.sort();
}

beforeEach(async () => {
  expect((await setLdap(on)).body.code).toBe(0);
});

describe('LDAP settings and connection test', () => {
  it('keeps the bind password write-only', async () => {
    const shown = await admin('/manage/config/getInfo', { name: 'sso' });
    expect(shown.body.data.ldap).toMatchObject({ bindPassword: '******', bindDN: dir.bindDN, url: dir.url });
    expect(JSON.stringify(shown.body)).not.toContain(dir.bindPassword);
    expect((await setLdap({ ...on, bindPassword: '******' })).body.code).toBe(0);
    expect((await admin('/manage/sso/testLdap', { ldap: {} })).body).toMatchObject({ code: 0, data: { users: 20 } });
  });

  it('tests the unsaved form and says what failed in words, never the directory’s own', async () => {
    const test = (ldap: Record<string, unknown>, token = alice.token) => admin('/manage/sso/testLdap', { ldap }, token);
    expect((await test({ userFilter: '(ou=Nobody)' })).body).toMatchObject({ code: 0, data: { users: 0 } });
    const wrong = await test({ bindPassword: 'not-the-password' });
    expect(wrong.body).toMatchObject({ code: 400, msg: 'The directory refused the bind DN or password' });
    const unknownBase = await test({ baseDN: 'dc=elsewhere,dc=test' });
    expect(unknownBase.body).toMatchObject({
      code: 400,
      msg: 'The directory search failed; check the base DN and the user filter',
    });
    expect((await test({ userFilter: '(uid=' })).body.msg).toBe(
      'The directory search failed; check the base DN and the user filter',
    );
    const closedPort = await test({ url: 'ldap://127.0.0.1:1' });
    expect(closedPort.body).toMatchObject({
      code: 400,
      msg: 'The directory server cannot be reached; check its address and port',
    });
    expect((await test({ url: '', baseDN: '' })).body.msg).toBe('Directory sync is not fully set up');
    expect((await test({ url: 'http://127.0.0.1' })).body.code).toBe(400);
    // The stored settings did not change, and an ordinary user may not test.
    expect((await test({})).body.data).toEqual({ users: 20 });
    expect((await test({}, bob.token)).body.code).toBe(400);
    for (const r of [wrong, unknownBase, closedPort]) expect(JSON.stringify(r.body)).not.toMatch(/ECONN|LDAP|0x/);
  });
});

describe('LDAP sync', () => {
  it('creates the people with departments from their OUs, is idempotent, updates and disables', async () => {
    const first = await sync();
    expect(first.body).toMatchObject({ code: 0, data: { created: 20, updated: 0, disabled: 0, departments: 3 } });
    expect(await tree()).toEqual(['Engineering/Frontend: 6', 'Engineering: 14', 'Sales: 6']);
    expect(await userOf('person09')).toMatchObject({ realname: 'Person 09', status: 1 });

    expect((await sync()).body.data).toEqual({ created: 0, updated: 0, disabled: 0, departments: 0 });

    await dir.modifyPerson(person(0), { cn: 'Ada Renamed' });
    await dir.removePerson(person(19));
    const changed = await sync();
    expect(changed.body.data).toEqual({ created: 0, updated: 1, disabled: 1, departments: 0 });
    expect(await userOf('person01')).toMatchObject({ realname: 'Ada Renamed', status: 1 });
    expect(await userOf('person20')).toMatchObject({ status: 0 }); // disabled, never deleted
    expect(await tree()).toContain('Sales: 5');

    // Back in the directory, in another OU: enabled again and moved.
    await dir.addPerson({ ...person(19), ous: ['Engineering', 'Frontend'] });
    expect((await sync()).body.data).toEqual({ created: 0, updated: 1, disabled: 0, departments: 0 });
    expect(await userOf('person20')).toMatchObject({ status: 1 });
    expect(await tree()).toEqual(['Engineering/Frontend: 7', 'Engineering: 15', 'Sales: 5']);

    const status = await admin('/manage/sso/ldapStatus');
    expect(status.body.data).toMatchObject({
      ok: 1,
      error: '',
      result: { created: 0, updated: 1, disabled: 0, departments: 0 },
    });
    expect(status.body.data.time).toBe(Math.floor(s.clock.now() / 1000));
    expect(status.body.data.next).toBe(status.body.data.time + 24 * 3600);
  });

  it('signs a person who left the directory out and keeps them out', async () => {
    expect((await sync()).body.code).toBe(0);
    const p = person(15);
    const signedIn = await login(p.account, p.password);
    expect(signedIn.body.code).toBe(0);
    await dir.removePerson(p);
    expect((await sync()).body.data).toMatchObject({ disabled: 1 });
    const me = await s.api.post(
      '/enterprise/im/getUserInfo',
      { user_id: alice.id },
      { token: signedIn.body.data.authToken },
    );
    expect(me.body.code).toBe(-1);
    expect((await login(p.account, p.password)).body.msg).toBe('Wrong account or password');
    await dir.addPerson(p);
    expect((await sync()).body.data).toMatchObject({ updated: 1 });
  });

  it('records a failed sync with its reason in words and refuses non-admins', async () => {
    expect((await sync()).body.code).toBe(0);
    await setLdap({ bindPassword: 'wrong' });
    const failed = await sync();
    expect(failed.body).toMatchObject({ code: 400, msg: 'The directory refused the bind DN or password' });
    const status = await s.api.post('/manage/sso/ldapStatus', {}, { token: alice.token, lang: 'zh-CN' });
    expect(status.body.data).toMatchObject({ ok: 0, result: null, error: '目录服务器拒绝了绑定账号或密码' });
    // A filter that finds nobody disables nobody.
    await setLdap({ ...on, userFilter: '(ou=Nobody)' });
    expect((await sync()).body.msg).toBe('The directory search failed; check the base DN and the user filter');
    expect(await userOf('person02')).toMatchObject({ status: 1 });
    expect((await admin('/manage/org/syncLdap', {}, bob.token)).body.code).toBe(400);
    await setLdap({ status: 0 });
    expect((await sync()).body.msg).toBe('Directory sync is not fully set up');
  });
});

describe('password sign-in through the directory', () => {
  it('binds as the person: the directory password works, the local one is not used', async () => {
    expect((await sync()).body.code).toBe(0);
    const p = person(3);
    const ok = await login(p.account, p.password);
    expect(ok.body).toMatchObject({ code: 0, data: { userInfo: { account: p.account } } });
    expect((await login(p.account, 'secret-99')).body.msg).toBe('Wrong account or password');
    // With login 0 the directory is not asked: a directory person has no local password.
    await setLdap({ login: 0 });
    expect((await login(p.account, p.password)).body.msg).toBe('Wrong account or password');
    // Local accounts keep their own password while login is 1 (carol: alice's session stays for the admin calls).
    await setLdap({ login: 1 });
    expect((await login(carol.account, carol.password)).body.code).toBe(0);
  });

  it('creates a person the directory knows at their first sign-in, in their department', async () => {
    const newcomer: DirectoryPerson = {
      account: 'newcomer',
      name: 'New Comer',
      mail: 'newcomer@parley.test',
      password: 'first-day',
      ous: ['Sales'],
    };
    await dir.addPerson(newcomer);
    expect(await userOf('newcomer')).toBeUndefined();
    expect((await login('newcomer', 'wrong')).body.msg).toBe('Wrong account or password');
    expect(await userOf('newcomer')).toBeUndefined();
    const first = await login('newcomer', 'first-day');
    expect(first.body).toMatchObject({ code: 0, data: { userInfo: { account: 'newcomer', realname: 'New Comer' } } });
    expect(await tree()).toContain('Sales: 6');
    await dir.removePerson(newcomer);
    expect((await sync()).body.data).toMatchObject({ disabled: 1 });
  });

  it('builds filters with escaping: an account of *)(uid=* finds nobody', async () => {
    expect((await sync()).body.code).toBe(0);
    const p = person(0);
    for (const account of ['*)(uid=*', '*', 'person0*', `${p.account})(|(uid=*`, '*)(|(objectClass=*']) {
      expect((await login(account, p.password)).body.msg).toBe('Wrong account or password');
      expect(await userOf(account)).toBeUndefined();
    }
  });

  it('counts failures in the login guard', async () => {
    expect((await sync()).body.code).toBe(0);
    const p = person(6);
    for (let i = 0; i < limits.loginFailures; i++) await login(p.account, 'wrong');
    expect((await login(p.account, p.password)).body.msg).toBe('Too many attempts, try again in 5 minutes');
    s.clock.advance(limits.loginFailureWindowS * 1000 + 1000);
    expect((await login(p.account, p.password)).body.code).toBe(0);
  });

  it('says so in words when the directory cannot be reached', async () => {
    expect((await sync()).body.code).toBe(0);
    await setLdap({ url: 'ldap://127.0.0.1:1' });
    expect((await login(person(1).account, person(1).password)).body).toMatchObject({
      code: 400,
      msg: 'The directory server cannot be reached; check its address and port',
    });
    expect((await login(carol.account, carol.password)).body.code).toBe(0);
  });
});

describe('scheduled sync', () => {
  it('runs every syncHours on one node of many', async () => {
    const second = await startTestServer({ sameDatabaseAs: s });
    try {
      expect((await setLdap({ ...on, syncHours: 2 })).body.code).toBe(0);
      expect((await sync()).body.code).toBe(0);
      const runBoth = () => Promise.all([s.services.ldapSync.runIfDue(), second.services.ldapSync.runIfDue()]);
      expect(await runBoth()).toEqual([false, false]); // just ran
      await dir.modifyPerson(person(2), { cn: 'Scheduled Rename' });
      // Moving both clocks past syncHours fires each node's schedule check: they race for the lease.
      s.clock.advance(2 * 3600 * 1000);
      second.clock.advance(s.clock.now() - second.clock.now());
      const now = Math.floor(s.clock.now() / 1000);
      await expect
        .poll(async () => (await admin('/manage/sso/ldapStatus')).body.data.time, { timeout: 15_000 })
        .toBe(now);
      expect(await userOf(person(2).account)).toMatchObject({ realname: 'Scheduled Rename' });
      // One run: a second one after it would have stored a result with nothing updated.
      expect((await admin('/manage/sso/ldapStatus')).body.data).toMatchObject({
        ok: 1,
        result: { updated: 1 },
        next: now + 2 * 3600,
      });
      expect(await runBoth()).toEqual([false, false]);
    } finally {
      await second.close();
    }
  });
});
