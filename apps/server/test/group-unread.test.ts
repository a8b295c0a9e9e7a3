import { describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from './helpers/index';
import { send } from './chat-fixtures';
import { createGroup, group, twoNodesWithPeople } from './group-fixtures';

/**
 * A group's unread count as the conversation list shows it (PROTOCOL §3.2 `unread`, §4.5): it counts
 * what arrived after I joined, and opening the chat (getMessageList without a cursor) clears it, on
 * whichever node I open it and whichever node lists it next. Two nodes over one database: on SQLite
 * with in-process fan-out, on PostgreSQL with Redis.
 */

const { a, b, alice, bob, carol, dave } = await twoNodesWithPeople();

const unreadOf = async (node: TestServer, u: TestUser, gid: number) => {
  const res = await node.api.post('/enterprise/im/getContacts', {}, { token: u.token, lang: 'en' });
  expect(res.body.code, res.body.msg).toBe(0);
  const row = (res.body.data as Array<{ id: string; unread: number }>).find((c) => c.id === `group-${gid}`);
  if (!row) throw new Error(`group-${gid} is not on the list`);
  return row.unread;
};
const open = async (node: TestServer, u: TestUser, gid: number) => {
  const res = await node.api.post(
    '/enterprise/im/getMessageList',
    { toContactId: `group-${gid}` },
    { token: u.token, lang: 'en' },
  );
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body.data as Array<{ content: string }>;
};

describe('group unread counts', () => {
  it('are cleared when the chat is opened, on the other node too', async () => {
    const gid = await createGroup(a, alice, [bob, carol], 'Unread');
    // The line that opened the group counts too (as in WeChat's group of new members).
    const lines = await unreadOf(a, bob, gid);
    for (const text of ['one', 'two', 'three']) expect((await send(a, alice, `group-${gid}`, text)).body.code).toBe(0);
    expect(await unreadOf(a, bob, gid)).toBe(lines + 3);
    expect(await unreadOf(b, bob, gid)).toBe(lines + 3);

    // Bob opens the chat through node B; node A's list (and B's) shows it read.
    expect((await open(b, bob, gid)).map((m) => m.content)).toEqual(expect.arrayContaining(['one', 'two', 'three']));
    expect(await unreadOf(a, bob, gid)).toBe(0);
    expect(await unreadOf(b, bob, gid)).toBe(0);
    // Carol, who has not opened it, still has all three.
    expect(await unreadOf(a, carol, gid)).toBe(lines + 3);
  });

  it('count only what arrived after a late joiner joined, and clear when the joiner opens the chat', async () => {
    const gid = await createGroup(a, alice, [bob, carol], 'Late');
    for (const text of ['before 1', 'before 2']) expect((await send(a, alice, `group-${gid}`, text)).body.code).toBe(0);
    const added = await group(a, 'addGroupUser', alice, { id: `group-${gid}`, user_ids: [dave.id] });
    expect(added.body.code, added.body.msg).toBe(0);
    // Dave's count starts at the line that says he was invited: nothing from before he joined.
    const joined = await unreadOf(b, dave, gid);
    expect(joined).toBeLessThanOrEqual(1);
    expect((await send(b, bob, `group-${gid}`, 'after')).body.code).toBe(0);

    expect(await unreadOf(b, dave, gid)).toBe(joined + 1);
    expect((await open(a, dave, gid)).map((m) => m.content)).not.toContain('before 1');
    expect(await unreadOf(b, dave, gid)).toBe(0);
    expect(await unreadOf(a, dave, gid)).toBe(0);
  });
});
