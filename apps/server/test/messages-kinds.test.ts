import { describe, expect, it } from 'vitest';
import { connectSocket, type TestUser } from './helpers/index';
import { messageRow, storedIds, uuid, serverWithPeople } from './chat-fixtures';

/** PROTOCOL §4.2 location and contact messages, and the history page's reads (§4.5 link filter, context). */

const { s, alice, bob, carol } = await serverWithPeople(['alice-bob', 'bob-carol']);

const im = (action: string, u: TestUser, body: Record<string, unknown>, lang = 'en', form = false) =>
  s.api.post(`/enterprise/im/${action}`, body, { token: u.token, lang, form });

const sendAs = (u: TestUser, body: Record<string, unknown>, lang = 'en', form = false) =>
  im('sendMessage', u, { id: uuid(), toContactId: bob.id, content: '', ...body }, lang, form);

const contactOf = async (u: TestUser, id: number, lang = 'en') =>
  (await im('getContacts', u, {}, lang)).body.data.find((c: { id: unknown }) => c.id === id);

describe('location messages', () => {
  it('stores the place, writes the location line in my language, and lists it plainly', async () => {
    const bWs = await connectSocket(s.url, { token: bob.token });
    const place = { name: 'Café <Rouge> & Co', address: '5 Rue X', latitude: 48.8566, longitude: 2.3522, zoom: 3 };
    const res = await sendAs(alice, { type: 'location', content: 'client text is ignored', extends: place });
    expect(res.body.code, res.body.msg).toBe(0);
    expect(res.body.data).toMatchObject({
      type: 'location',
      content: '[Location] Café &lt;Rouge&gt; &amp; Co',
      extends: { name: 'Café <Rouge> & Co', address: '5 Rue X', latitude: 48.8566, longitude: 2.3522 },
    });
    expect(res.body.data.extends).not.toHaveProperty('zoom');
    const push = await bWs.next<{ type: string; content: string; extends: unknown }>('simple');
    expect(push.data).toMatchObject({ type: 'location', content: '[Location] Café &lt;Rouge&gt; &amp; Co' });
    expect(await contactOf(bob, alice.id)).toMatchObject({
      lastContent: '[Location] Café &lt;Rouge&gt; &amp; Co',
      type: 'location',
    });
    bWs.close();
  });

  it('accepts coordinates as form fields, in Chinese', async () => {
    const res = await sendAs(
      alice,
      { type: 'location', extends: { name: '外滩', address: '', latitude: '31.24', longitude: '121.49' } },
      'zh-CN',
      true,
    );
    expect(res.body.code, res.body.msg).toBe(0);
    expect(res.body.data).toMatchObject({ content: '[位置] 外滩', extends: { latitude: 31.24, longitude: 121.49 } });
  });

  it('refuses missing or out-of-range coordinates with common.badParam and stores nothing', async () => {
    const cases: Array<[Record<string, unknown> | undefined, string]> = [
      [{ name: 'N', latitude: 91, longitude: 0 }, 'extends.latitude'],
      [{ name: 'N', latitude: -90.1, longitude: 0 }, 'extends.latitude'],
      [{ name: 'N', latitude: 0, longitude: 181 }, 'extends.longitude'],
      [{ name: 'N', latitude: 'x', longitude: 0 }, 'extends.latitude'],
      [{ name: 'N', longitude: 0 }, 'extends.latitude'],
      [{ name: '', address: '', latitude: 1, longitude: 1 }, 'extends.name'],
      [undefined, 'extends'],
    ];
    const ids: string[] = [];
    for (const [ext, name] of cases) {
      const id = uuid();
      ids.push(id);
      const res = await im('sendMessage', alice, {
        id,
        type: 'location',
        content: '',
        toContactId: bob.id,
        ...(ext ? { extends: ext } : {}),
      });
      expect(res.body, JSON.stringify(ext)).toMatchObject({ code: 400, msg: `Invalid parameter: ${name}` });
    }
    expect(await storedIds(s, ids)).toEqual([]);
  });
});

describe('contact card messages', () => {
  it('shares a user: the server fills in their name and avatar, whatever the client claimed', async () => {
    const res = await sendAs(
      alice,
      {
        type: 'contact',
        content: '',
        extends: { id: carol.id, displayName: 'Fake Name', avatar: 'https://evil.example/x.png' },
      },
      'zh-CN',
    );
    expect(res.body.code, res.body.msg).toBe(0);
    expect(res.body.data).toMatchObject({
      type: 'contact',
      content: '[名片] 张卡罗',
      extends: { id: carol.id, displayName: '张卡罗' },
    });
    expect(res.body.data.extends.avatar).toMatch(/^http:\/\/.+\/static\/img\/avatar\.png$/);
    expect(await contactOf(bob, alice.id)).toMatchObject({ lastContent: '[名片] 张卡罗', type: 'contact' });
    const en = await sendAs(
      alice,
      { type: 'contact', extends: JSON.stringify({ user_id: String(carol.id) }) },
      'en',
      true,
    );
    expect(en.body.data).toMatchObject({ content: '[Contact card] 张卡罗', extends: { id: carol.id } });
  });

  it('refuses an unknown, missing or disabled user with contact.notFound', async () => {
    for (const ext of [{ id: 99999 }, {}, { id: 'abc' }]) {
      const res = await sendAs(alice, { type: 'contact', extends: ext });
      expect(res.body, JSON.stringify(ext)).toMatchObject({ code: 400, msg: 'Contact does not exist' });
    }
    expect((await sendAs(alice, { type: 'contact' })).body).toMatchObject({ code: 400, msg: 'Contact does not exist' });
    await s.database.db.updateTable('users').set({ status: 0 }).where('id', '=', carol.id).execute();
    s.clock.advance(6000); // past the per-node user cache
    expect((await sendAs(alice, { type: 'contact', extends: { id: carol.id } })).body).toMatchObject({
      code: 400,
      msg: 'Contact does not exist',
    });
    await s.database.db.updateTable('users').set({ status: 1 }).where('id', '=', carol.id).execute();
    s.clock.advance(6000);
  });

  it('forwards a card with the card refreshed', async () => {
    const card = await sendAs(alice, { type: 'contact', extends: { id: carol.id } });
    const res = await im('forwardMessage', bob, { user_ids: [carol.id], msg_id: card.body.data.msg_id });
    expect(res.body).toMatchObject({ code: 0, data: { success: [carol.id] } });
    const list = await im('getMessageList', carol, { toContactId: bob.id });
    expect(list.body.data.at(-1)).toMatchObject({
      type: 'contact',
      from_user: bob.id,
      extends: { id: carol.id, displayName: '张卡罗' },
    });
  });
});

describe('history reads', () => {
  it('lists only messages with links for type "link", with keywords', async () => {
    const texts = [
      'see https://example.com/a',
      'no link here',
      '<a href="https://parley.example/b">docs</a>',
      'mail me at x@example.com',
    ];
    for (const content of texts)
      expect((await sendAs(bob, { type: 'text', content, toContactId: carol.id })).body.code).toBe(0);
    const links = await im('getMessageList', carol, { toContactId: bob.id, type: 'link' });
    expect(links.body.code).toBe(0);
    expect(links.body.data.map((m: { content: string }) => m.content.replace(/<[^>]+>/g, ''))).toEqual([
      'docs',
      'see https://example.com/a',
    ]);
    expect(links.body.count).toBe(2);
    const filtered = await im('getMessageList', carol, { toContactId: bob.id, type: 'link', keywords: 'DOCS' });
    expect(filtered.body.data).toHaveLength(1);
    const recalled = await sendAs(bob, { type: 'text', content: 'gone https://example.com/c', toContactId: carol.id });
    expect((await im('undoMessage', bob, { id: recalled.body.data.id })).body.code).toBe(0);
    expect((await im('getMessageList', carol, { toContactId: bob.id, type: 'link' })).body.count).toBe(2);
  });

  it('opens the context of a message 200 rows back', async () => {
    const first = await sendAs(alice, { type: 'text', content: 'the one to find' });
    // 205 later rows in one statement (sending each through the API only costs time here).
    const chat = [alice.id, bob.id].sort((x, y) => x - y).join('-');
    const rows = Array.from({ length: 205 }, (_, i) =>
      messageRow({
        chat_identify: chat,
        from_user: i % 2 ? alice.id : bob.id,
        to_user: i % 2 ? bob.id : alice.id,
        is_group: 0,
        content: `filler ${i}`,
        send_time_ms: s.clock.now(),
      }),
    );
    await s.database.db.insertInto('messages').values(rows).execute();
    const res = await im('getMessageContext', bob, { toContactId: alice.id, msg_id: first.body.data.msg_id, limit: 3 });
    expect(res.body.code, res.body.msg).toBe(0);
    const contents = res.body.data.map((m: { content: string }) => m.content);
    expect(contents).toHaveLength(7);
    expect(contents[3]).toBe('the one to find');
    expect(contents.slice(4)).toEqual(['filler 0', 'filler 1', 'filler 2']);
    const total = (await im('getMessageList', bob, { toContactId: alice.id, type: 'all' })).body.count;
    expect(res.body.count).toBeGreaterThanOrEqual(total);
  });
});
