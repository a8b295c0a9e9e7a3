import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin, startTestServer, type TestServer, type TestUser } from './helpers/index';
import { failWritesTo } from './helpers/faults';
import { makeFriends, makeGroup, uuid } from './chat-fixtures';

/** Issue 19 #12: reading works while the read mark cannot be written. */

let s: TestServer;
let bob: TestUser;
let carol: TestUser;
beforeAll(async () => {
  s = await startTestServer();
  await registerAndLogin(s.api, { account: 'admin01', realname: 'Admin', password: 'admin-pw1' });
  bob = await registerAndLogin(s.api, { account: 'bob01', realname: 'Bob', password: 'bob-pw01' });
  carol = await registerAndLogin(s.api, { account: 'carol', realname: 'Carol', password: 'carol-pw1' });
  await makeFriends(s, bob, carol);
});
afterAll(async () => s?.close());

const im = (u: TestUser, action: string, body: Record<string, unknown>) =>
  s.api.post(`/enterprise/im/${action}`, body, { token: u.token, lang: 'en' });

describe('a full disk', () => {
  it('still lists unread messages and accepts setMsgIsRead; the mark lands once space returns', async () => {
    const groupId = await makeGroup(s, bob, [carol]);
    const id = uuid();
    expect(
      (await im(bob, 'sendMessage', { id, type: 'text', content: 'read me', toContactId: carol.id })).body.code,
    ).toBe(0);
    expect(
      (await im(bob, 'sendMessage', { id: uuid(), type: 'text', content: 'group hi', toContactId: `group-${groupId}` }))
        .body.code,
    ).toBe(0);
    const restore = await failWritesTo(s, ['chat_prefs', 'group_members', 'message_mentions']);
    try {
      const list = await im(carol, 'getMessageList', { toContactId: bob.id });
      expect(list.body.code, list.body.msg).toBe(0);
      expect(list.body.data.map((m: { content: string }) => m.content)).toEqual(['read me']);
      const group = await im(carol, 'getMessageList', { toContactId: `group-${groupId}` });
      expect(group.body.code, group.body.msg).toBe(0);
      expect((await im(carol, 'setMsgIsRead', { toContactId: bob.id, messages: [{ id }] })).body.code).toBe(0);
    } finally {
      await restore();
    }
    await im(carol, 'getMessageList', { toContactId: bob.id });
    const mine = await im(bob, 'getMessageList', { toContactId: carol.id });
    expect(mine.body.data.at(-1)).toMatchObject({ id, is_read: 1 });
  });
});
