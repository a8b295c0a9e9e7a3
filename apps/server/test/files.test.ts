import { beforeAll, describe, expect, it } from 'vitest';
import { makeImage, upload, type TestUser } from './helpers/index';
import { uuid, serverWithPeople } from './chat-fixtures';

/** PROTOCOL §4.7: the file manager. */

const { s, alice, bob, carol } = await serverWithPeople(['alice-bob', 'bob-carol']);

const sendFile = async (from: TestUser, to: number, name: string, bytes: Uint8Array, type = 'file') => {
  const res = await upload(s.url, '/common/upload/uploadFile', {
    token: from.token,
    file: { name, bytes },
    fields: { message: JSON.stringify({ id: uuid(), type, toContactId: to }) },
  });
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body.data;
};

beforeAll(async () => {
  await sendFile(alice, bob.id, 'Budget 2025.xlsx', new Uint8Array([1, 2, 3]));
  await sendFile(bob, alice.id, 'photo.png', await makeImage(300, 200), 'image');
  await sendFile(alice, -1, 'to-myself.pdf', new TextEncoder().encode('%PDF'));
  await sendFile(alice, bob.id, 'voice.mp3', new Uint8Array([1]), 'voice');
  await sendFile(bob, carol.id, 'private.txt', new Uint8Array([65]));
});

const files = (u: TestUser, body: Record<string, unknown> = {}) =>
  s.api.post('/enterprise/files/index', body, { token: u.token, lang: 'en' });
const names = (rows: Array<{ name: string }>) => rows.map((r) => r.name);

describe('files/index', () => {
  it('lists the file messages of my chats and favourites, newest first, without voice notes', async () => {
    const res = await files(alice);
    expect(res.body.code, res.body.msg).toBe(0);
    expect(names(res.body.data)).toEqual(['to-myself.pdf', 'photo.png', 'Budget 2025.xlsx']);
    expect(res.body.count).toBe(3);
    const row = res.body.data[2];
    expect(row).toMatchObject({
      name: 'Budget 2025.xlsx',
      ext: 'xlsx',
      cate: 1,
      size: 3,
      msg_type: 'file',
      from_user: alice.id,
      to_user: bob.id,
    });
    expect(row.src).toMatch(new RegExp(`^${s.url}/storage/file/`));
    expect(row.download).toMatch(new RegExp(`^${s.url}/filedown/`));
    expect(row.extUrl).toBe(`${s.url}/static/img/ext/XLSX.png`);
    expect(row.user_id_info).toMatchObject({ id: alice.id, realname: 'Alice' });
    expect(typeof row.create_time).toBe('number');
  });

  it('filters sent, received, category and keywords, and pages', async () => {
    expect(names((await files(alice, { role: 1 })).body.data)).toEqual(['to-myself.pdf', 'Budget 2025.xlsx']);
    expect(names((await files(alice, { role: 2 })).body.data)).toEqual(['photo.png']);
    expect(names((await files(alice, { cate: 2 })).body.data)).toEqual(['photo.png']);
    expect(names((await files(alice, { keywords: 'budget' })).body.data)).toEqual(['Budget 2025.xlsx']);
    expect(names((await files(alice, { keywords: '%' })).body.data)).toEqual([]);
    const page2 = await files(alice, { page: 2, limit: 2 });
    expect(page2.body).toMatchObject({ count: 3, page: 2 });
    expect(names(page2.body.data)).toEqual(['Budget 2025.xlsx']);
  });

  it('never shows other people’s conversations', async () => {
    expect(names((await files(carol)).body.data)).toEqual(['private.txt']);
  });

  it('is_all lists every upload for system admins and refuses everyone else', async () => {
    const refused = await files(bob, { is_all: 1 });
    expect(refused.body).toMatchObject({ code: 400, msg: 'Administrator rights are required' });
    const all = await files(alice, { is_all: 1, limit: 100 });
    expect(all.body.code).toBe(0);
    expect(all.body.count).toBe(5);
    expect(all.body.data.find((r: { name: string }) => r.name === 'private.txt')).toMatchObject({
      msg_id: 0,
      id: '',
      from_user: bob.id,
    });
  });
});
