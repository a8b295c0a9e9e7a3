import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Department, OrgImportRow } from '@parley/protocol';
import { connectSocket, startTestServer, upload, type TestServer, type TestUser } from './helpers/index';
import { seedAdminPeople } from './admin-fixtures';

/**
 * PROTOCOL §18 `/manage/org/import` on both databases: a CSV with good and bad rows (each bad row
 * answered with its reason and leaving nothing behind), Chinese text and paths, updates of
 * existing people, the preview that writes nothing, the file-level refusals, and 5,000 rows in one
 * call. alice is the super-administrator, carol an administrator, bob ordinary.
 */

let s: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

beforeAll(async () => {
  s = await startTestServer();
  ({ alice, bob, carol } = await seedAdminPeople(s));
});
afterAll(async () => s?.close());

const HEADER = 'account,realname,email,department,position';
const send = (csv: string, who: TestUser = carol, fields: Record<string, string> = {}, lang = 'en') =>
  upload(s.url, '/manage/org/import', {
    token: who.token,
    lang,
    fields,
    file: { bytes: Buffer.from(csv, 'utf8'), name: '员工名单.csv', type: 'text/csv' },
  });
const tree = async (): Promise<Department[]> =>
  (await s.api.post('/enterprise/org/tree', {}, { token: alice.token })).body.data as Department[];
const flat = (list: Department[], prefix = ''): Map<string, Department> => {
  const out = new Map<string, Department>();
  for (const d of list) {
    out.set(prefix + d.name, d);
    for (const [k, v] of flat(d.children, `${prefix}${d.name}/`)) out.set(k, v);
  }
  return out;
};
const userByAccount = (account: string) =>
  s.database.db.selectFrom('users').selectAll().where('account', '=', account).executeTakeFirst();

describe('CSV import', () => {
  it('creates departments and people, updates existing people, and answers every row', async () => {
    const csv = [
      `\uFEFF${HEADER}`, // Excel's byte-order mark
      'zhang01,张三,zhang@example.com,研发部/前端组,前端工程师',
      'li0002,李四,,研发部/后端组,',
      `${bob.account},,,市场部,市场经理`, // bob exists: department and position only
      'ab,短,,研发部,', // account too short
      'wang03,王五,not-an-email,研发部,', // bad e-mail
      'zhao04,赵六,,研发部/a/,', // empty level is skipped: 研发部/a
      'zhang01,重复,,研发部,', // same account as line 2
      'sun005,,,,', // a new person without a name
      'qian06,钱七,,财务部,' + '职'.repeat(33), // position too long
      `"zhou07","周,八",,"行政部/前台",前台`, // quoted comma
    ].join('\r\n');
    const res = await send(csv);
    expect(res.body, res.body.msg).toMatchObject({ code: 0, msg: 'Import done: 4 created, 1 updated, 5 failed' });
    const rows = res.body.data as OrgImportRow[];
    expect(rows.map((r) => [r.line, r.account, r.result])).toEqual([
      [2, 'zhang01', 'created'],
      [3, 'li0002', 'created'],
      [4, bob.account, 'updated'],
      [5, 'ab', 'error'],
      [6, 'wang03', 'error'],
      [7, 'zhao04', 'created'],
      [8, 'zhang01', 'error'],
      [9, 'sun005', 'error'],
      [10, 'qian06', 'error'],
      [11, 'zhou07', 'created'],
    ]);
    const msg = (line: number) => rows.find((r) => r.line === line)?.msg;
    expect(msg(5)).toBe('Accounts have 4–32 characters');
    expect(msg(6)).toBe('Please enter a valid e-mail address');
    expect(msg(8)).toBe('This account is already on line 2');
    expect(msg(9)).toBe('A new person needs a name');
    expect(msg(10)).toBe('A position is at most 32 characters');
    expect(msg(2)).toBe('');

    const deps = flat(await tree());
    expect([...deps.keys()]).toEqual(
      expect.arrayContaining(['研发部', '研发部/前端组', '研发部/后端组', '研发部/a', '市场部', '行政部/前台']),
    );
    expect(deps.has('财务部')).toBe(false); // only a bad row named it
    expect(deps.get('研发部')?.memberCount).toBe(3);
    const zhang = await userByAccount('zhang01');
    expect(zhang).toMatchObject({
      realname: '张三',
      email: 'zhang@example.com',
      dep_id: deps.get('研发部/前端组')?.id,
      position: '前端工程师',
      name_py: 'zhangsan',
    });
    expect(await userByAccount('zhou07')).toMatchObject({ realname: '周,八', position: '前台' });
    const bobRow = await userByAccount(bob.account);
    expect(bobRow).toMatchObject({ realname: 'Bob', dep_id: deps.get('市场部')?.id, position: '市场经理' });
    for (const account of ['ab', 'wang03', 'sun005', 'qian06']) expect(await userByAccount(account)).toBeUndefined();
    // Nobody can sign in with a password they were never given.
    const login = await s.api.post('/common/pub/login', { account: 'zhang01', password: '' }, { lang: 'en' });
    expect(login.body.code).toBe(400);

    // Importing again updates, creates nothing; Chinese messages in a Chinese request.
    const again = await send(`${HEADER}\nzhang01,张三,,研发部/前端组,高级前端工程师\nx,,,,`, carol, {}, 'zh-CN');
    expect(again.body.msg).toBe('导入完成：新建0人，更新1人，失败1行');
    expect((again.body.data as OrgImportRow[])[1]?.msg).toBe('账号须为4-32位');
    expect(await userByAccount('zhang01')).toMatchObject({ position: '高级前端工程师' });
  });

  it('previews without writing, and pushes orgChanged once after a real import', async () => {
    const ws = await connectSocket(s.url, { token: bob.token });
    try {
      const csv = `${HEADER}\npreview1,预览一,,预览部,\n${bob.account},,,预览部,`;
      const checked = await send(csv, carol, { preview: '1' });
      expect(checked.body).toMatchObject({ code: 0, msg: 'Checked: 1 to create, 1 to update, 0 with errors' });
      expect((checked.body.data as OrgImportRow[]).map((r) => r.result)).toEqual(['created', 'updated']);
      expect(await userByAccount('preview1')).toBeUndefined();
      expect(flat(await tree()).has('预览部')).toBe(false);
      await ws.expectNoneSoFar('orgChanged');
      expect((await send(csv)).body.code).toBe(0);
      await ws.next('orgChanged');
      expect(flat(await tree()).get('预览部')?.memberCount).toBe(2);
    } finally {
      ws.close();
    }
  });

  it('refuses a wrong header, a file that is not UTF-8, no file, and ordinary users', async () => {
    expect((await send('name,dept\nx,y')).body).toMatchObject({ code: 400, msg: `The first line must be: ${HEADER}` });
    const gbk = Buffer.concat([
      Buffer.from(`${HEADER}\nabcd1,`),
      Buffer.from([0xd5, 0xc5, 0xc8, 0xfd]),
      Buffer.from(',,,'),
    ]);
    const notUtf8 = await upload(s.url, '/manage/org/import', {
      token: carol.token,
      lang: 'en',
      file: { bytes: gbk, name: 'gbk.csv', type: 'text/csv' },
    });
    expect(notUtf8.body).toMatchObject({ code: 400, msg: 'Please upload a CSV file encoded in UTF-8' });
    const noFile = await upload(s.url, '/manage/org/import', { token: carol.token, lang: 'en' });
    expect(noFile.body).toMatchObject({ code: 400, msg: 'Please upload a CSV file encoded in UTF-8' });
    expect((await send(`${HEADER}\nbobby9,B,,X,`, bob)).body).toMatchObject({
      code: 400,
      msg: 'Administrator rights are required',
    });
    expect(await userByAccount('bobby9')).toBeUndefined();
    const tooMany = `${HEADER}\n` + Array.from({ length: 5001 }, (_, i) => `many${i},M,,,`).join('\n');
    expect((await send(tooMany)).body).toMatchObject({ code: 400, msg: 'At most 5000 rows can be imported at once' });
  });

  it('takes 5,000 rows in one call', async () => {
    const lines = Array.from(
      { length: 5000 },
      (_, i) => `bulk${String(i).padStart(5, '0')},员工${i},,公司/事业部${i % 5}/小组${i % 25},岗位${i % 7}`,
    );
    const res = await send(`${HEADER}\n${lines.join('\n')}`);
    expect(res.body.msg).toBe('Import done: 5000 created, 0 updated, 0 failed');
    const deps = flat(await tree());
    expect(deps.get('公司')?.memberCount).toBe(5000);
    expect(deps.get('公司/事业部3')?.children).toHaveLength(5);
    expect(await userByAccount('bulk04999')).toMatchObject({ realname: '员工4999', position: '岗位1' });
  }, 120_000);
});
