import { describe, expect, it } from 'vitest';
import { makeImage, upload, type TestUser } from './helpers/index';
import { uuid, serverWithPeople } from './chat-fixtures';

/** PROTOCOL §8 stickers and §5 uploadEmoji. */

const { s, alice, bob, carol } = await serverWithPeople(['alice-bob']);

const emoji = (u: TestUser, name: string, bytes: Uint8Array) =>
  upload(s.url, '/common/upload/uploadEmoji', { token: u.token, lang: 'en', file: { name, bytes } });
const call = (u: TestUser, action: string, body: Record<string, unknown> = {}, form = false) =>
  s.api.post(`/enterprise/emoji/${action}`, body, { token: u.token, lang: 'en', form });
const names = async (u: TestUser) => ((await call(u, 'index')).body.data as Array<{ name: string }>).map((x) => x.name);

describe('uploadEmoji', () => {
  it('stores a sticker image and lists it first', async () => {
    const res = await emoji(alice, 'smile.png', await makeImage(120, 120));
    expect(res.body.code, res.body.msg).toBe(0);
    expect(res.body.data).toMatch(new RegExp(`^${s.url}/storage/image/.+\\.png$`));
    await emoji(alice, 'wink.gif', await makeImage(80, 80, 'gif'));
    const list = await call(alice, 'index');
    expect(list.body.count).toBe(2);
    expect(list.body.data[0]).toMatchObject({ name: 'wink', title: 'wink' });
    expect(list.body.data[1]).toMatchObject({ name: 'smile', src: res.body.data });
    expect(typeof list.body.data[0].file_id).toBe('number');
  });

  it('refuses other types and files over 2 MB with 401', async () => {
    const pdf = await emoji(alice, 'x.pdf', new TextEncoder().encode('%PDF'));
    expect(pdf.body).toMatchObject({ code: 401, msg: 'This file type is not allowed' });
    const webp = await emoji(alice, 'x.webp', new Uint8Array([1]));
    expect(webp.body.code).toBe(401);
    const big = await emoji(alice, 'big.png', new Uint8Array(2 * 1024 * 1024 + 1));
    expect(big.body).toMatchObject({ code: 401, msg: 'Files are limited to 2 MB' });
  });
});

describe('emoji add, move, del', () => {
  it('adds an image I can see in a message, not a file I cannot see', async () => {
    const shared = await upload(s.url, '/common/upload/uploadFile', {
      token: alice.token,
      file: { name: 'cat.png', bytes: await makeImage(300, 300) },
      fields: { message: JSON.stringify({ id: uuid(), type: 'image', toContactId: bob.id }) },
    });
    expect(shared.body.code, shared.body.msg).toBe(0);
    const added = await call(bob, 'add', { file_id: shared.body.data.file_id });
    expect(added.body.code, added.body.msg).toBe(0);
    expect(await names(bob)).toEqual(['cat']);
    // Adding it again moves it instead of listing it twice.
    expect((await call(bob, 'add', { file_id: shared.body.data.file_id })).body.code).toBe(0);
    expect((await call(bob, 'index')).body.count).toBe(1);
    const hidden = await call(carol, 'add', { file_id: shared.body.data.file_id });
    expect(hidden.body).toMatchObject({ code: 400, msg: 'Invalid parameter: file_id' });
    const doc = await upload(s.url, '/common/upload/uploadFile', {
      token: bob.token,
      file: { name: 'a.txt', bytes: new Uint8Array([65]) },
    });
    expect((await call(bob, 'add', { file_id: doc.body.data.file_id })).body.code).toBe(400);
  });

  it("adds a sticker received in a chat: the emoji message names the sticker's file", async () => {
    const mine = await emoji(alice, 'party.png', await makeImage(96, 96));
    expect(mine.body.code, mine.body.msg).toBe(0);
    const sent = await s.api.post(
      '/enterprise/im/sendMessage',
      { id: uuid(), type: 'emoji', content: mine.body.data, toContactId: bob.id },
      { token: alice.token, lang: 'en' },
    );
    expect(sent.body.code, sent.body.msg).toBe(0);
    const rows = (await s.api.post('/enterprise/im/getMessageList', { toContactId: alice.id }, { token: bob.token }))
      .body.data as Array<{ type: string; file_id?: number; content: string }>;
    const got = rows.filter((m) => m.type === 'emoji').pop();
    expect(got?.content).toBe(mine.body.data);
    expect(typeof got?.file_id).toBe('number');
    expect((await call(bob, 'add', { file_id: got?.file_id })).body.code).toBe(0);
    expect((await names(bob))[0]).toBe('party');
    // A sticker that is not one of our uploads (a bundled /static image) carries no file.
    const bundled = await s.api.post(
      '/enterprise/im/sendMessage',
      { id: uuid(), type: 'emoji', content: '/static/img/avatar.png', toContactId: bob.id },
      { token: alice.token },
    );
    expect(bundled.body.data.file_id).toBeUndefined();
    // Leave both sticker lists as the other tests expect them.
    for (const u of [alice, bob]) {
      const party = ((await call(u, 'index')).body.data as Array<{ id: number; name: string }>).filter(
        (x) => x.name === 'party',
      );
      expect((await call(u, 'del', { ids: party.map((x) => x.id) })).body.code).toBe(0);
    }
  });

  it('moves stickers to the front in the order given, with form bodies too', async () => {
    expect(await names(alice)).toEqual(['wink', 'smile']);
    const list = (await call(alice, 'index')).body.data as Array<{ id: number; name: string }>;
    const smile = list.find((x) => x.name === 'smile')?.id;
    expect((await call(alice, 'move', { ids: [smile] }, true)).body.code).toBe(0);
    expect(await names(alice)).toEqual(['smile', 'wink']);
  });

  it('deletes only my own stickers', async () => {
    const mine = (await call(alice, 'index')).body.data as Array<{ id: number }>;
    const bobs = (await call(bob, 'index')).body.data as Array<{ id: number }>;
    expect((await call(alice, 'del', { ids: [mine[0]?.id, bobs[0]?.id] })).body.code).toBe(0);
    expect(await names(alice)).toEqual(['wink']);
    expect(await names(bob)).toEqual(['cat']);
    expect((await call(alice, 'del', {})).body).toMatchObject({ code: 400, msg: 'Invalid parameter: ids' });
  });

  it('stops at 300 stickers with emoji.limit', async () => {
    const img = await makeImage(20, 20);
    const first = await upload(s.url, '/common/upload/uploadFile', {
      token: carol.token,
      file: { name: 'x.png', bytes: img },
    });
    // Fill carol's list straight in the table: 300 uploads would only test the loop.
    const now = Math.floor(s.clock.now() / 1000);
    const rows = Array.from({ length: 300 }, (_, i) => ({
      user_id: carol.id,
      file_id: 100_000 + i,
      name: `s${i}`,
      sort: i,
      update_time: now,
    }));
    await s.database.db.insertInto('stickers').values(rows).execute();
    const viaAdd = await call(carol, 'add', { file_id: first.body.data.file_id });
    expect(viaAdd.body).toMatchObject({ code: 400, msg: 'Sticker limit reached' });
    const viaUpload = await emoji(carol, 'y.png', img);
    expect(viaUpload.body).toMatchObject({ code: 400, msg: 'Sticker limit reached' });
  });
});
