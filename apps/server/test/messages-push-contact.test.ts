import { describe, expect, it } from 'vitest';
import { connectSockets, type TestUser } from './helpers/index';
import { send, serverWithPeople } from './chat-fixtures';

/**
 * PROTOCOL §4.4: each party of a one-to-one message gets the conversation as *they* list it:
 * their own pin and notify flags and their own remark name for the other person. The server
 * reads both parties' prefs and remark names together, so this keeps them apart.
 */

const { s, alice, bob } = await serverWithPeople(['alice-bob']);

const im = (action: string, u: TestUser, body: Record<string, unknown>) =>
  s.api.post(`/enterprise/im/${action}`, body, { token: u.token, lang: 'en' });

interface Push {
  fromUser: { displayName: string };
  contactInfo: { id: number; displayName: string; is_top: number; is_notice: number };
}

describe('the contactInfo of a one-to-one push', () => {
  it('carries each party’s own pin, notify flag and remark name', async () => {
    expect((await im('setChatTop', alice, { id: bob.id, is_top: 1 })).body.code).toBe(0);
    expect((await im('isNotice', bob, { id: alice.id, is_notice: 0 })).body.code).toBe(0);
    const friendId = (await im('getUserInfo', bob, { user_id: alice.id })).body.data.friend.friend_id as number;
    const named = await s.api.post(
      '/enterprise/friend/setNickname',
      { friend_id: friendId, nickname: 'Ally' },
      { token: bob.token },
    );
    expect(named.body.code).toBe(0);
    const [aWs, bWs] = await connectSockets(s.url, [alice, bob]);
    const reply = await send(s, alice, bob.id, 'hello');
    expect(reply.body.code, reply.body.msg).toBe(0);
    const [toBob, toAlice] = await Promise.all([bWs.next<Push>('simple'), aWs.next<Push>('simple')]);
    expect(toBob.data.fromUser.displayName).toBe('Ally');
    expect(toBob.data.contactInfo).toMatchObject({ id: alice.id, displayName: 'Ally', is_top: 0, is_notice: 0 });
    expect(toAlice.data.contactInfo).toMatchObject({ id: bob.id, displayName: 'Bob', is_top: 1, is_notice: 1 });
    expect(reply.body.data.contactInfo).toMatchObject({ id: bob.id, is_top: 1 });
    aWs.close();
    bWs.close();
  });
});
