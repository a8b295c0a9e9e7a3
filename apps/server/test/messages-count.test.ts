import { describe, expect, it } from 'vitest';
import { type TestUser } from './helpers/index';
import { addMember, makeGroup, send, serverWithPeople } from './chat-fixtures';

/**
 * PROTOCOL §1.5 / §4.5: `count` of a chat-mode getMessageList is every row the reader may see,
 * whatever the cursor: not the rows they hid, not the group rows from before they joined.
 */

const { s, alice, bob, carol } = await serverWithPeople(['alice-bob']);

const im = (action: string, u: TestUser, body: Record<string, unknown>) =>
  s.api.post(`/enterprise/im/${action}`, body, { token: u.token, lang: 'en' });

async function sendAll(from: TestUser, to: number | string, n: number): Promise<Array<{ id: string; msg_id: number }>> {
  const out = [];
  for (let i = 0; i < n; i++) {
    const res = await send(s, from, to, `n${i}`);
    expect(res.body.code, res.body.msg).toBe(0);
    out.push(res.body.data as { id: string; msg_id: number });
  }
  return out;
}

const listed = async (u: TestUser, to: number | string, extra: Record<string, unknown> = {}) => {
  const res = await im('getMessageList', u, { toContactId: to, limit: 2, ...extra });
  expect(res.body.code, res.body.msg).toBe(0);
  return { count: res.body.count as number, ids: (res.body.data as Array<{ msg_id: number }>).map((m) => m.msg_id) };
};

describe('getMessageList count', () => {
  it('leaves out the rows I hid, on every page, and only for me', async () => {
    const msgs = await sendAll(alice, bob.id, 6);
    for (const m of [msgs[1], msgs[4]]) expect((await im('removeMessage', alice, { id: m?.id })).body.code).toBe(0);
    const first = await listed(alice, bob.id);
    expect(first).toEqual({ count: 4, ids: [msgs[3]?.msg_id, msgs[5]?.msg_id] });
    expect(await listed(alice, bob.id, { last_id: msgs[3]?.msg_id })).toEqual({
      count: 4,
      ids: [msgs[0]?.msg_id, msgs[2]?.msg_id],
    });
    expect((await listed(bob, alice.id, { last_id: msgs[2]?.msg_id })).count).toBe(6);
  });

  it('counts a late group member from their join on', async () => {
    const groupId = await makeGroup(s, alice, [bob]);
    await sendAll(alice, `group-${groupId}`, 3);
    await addMember(s, groupId, carol);
    const after = await sendAll(bob, `group-${groupId}`, 2);
    expect(await listed(carol, `group-${groupId}`)).toEqual({ count: 2, ids: after.map((m) => m.msg_id) });
    expect((await listed(alice, `group-${groupId}`, { last_id: after[0]?.msg_id })).count).toBe(5);
  });
});
