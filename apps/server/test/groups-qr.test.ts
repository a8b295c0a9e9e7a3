import { beforeAll, describe, expect, it } from 'vitest';
import { connectSockets, type TestUser } from './helpers/index';
import { assertNothing, serverWithPeople } from './chat-fixtures';
import { befriendAll, createGroup, expectFail, group, seedDave } from './group-fixtures';

/** PROTOCOL §3.3 group QR codes and join grants; §6 joinGroup. */

const { s, alice, bob, carol } = await serverWithPeople();
let dave: TestUser;

beforeAll(async () => {
  dave = await seedDave(s);
  await befriendAll(s, alice, bob, carol, dave);
});

const qrPath = async (u: TestUser, id: number): Promise<string> => {
  const info = await group(s, 'groupInfo', u, { group_id: id });
  expect(info.body.code, info.body.msg).toBe(0);
  return new URL(info.body.data.qrUrl as string).pathname;
};
const scan = (u: TestUser | undefined, path: string, body: Record<string, unknown> = {}) =>
  s.api.post(path, body, { token: u?.token, lang: 'en' });

describe('joining by QR code', () => {
  it('scan records a grant: reduced groupInfo, then joinGroup, with pushes to old and new members', async () => {
    const id = await createGroup(s, alice, [bob, carol]);
    const gid = `group-${id}`;
    const path = await qrPath(alice, id);
    await expectFail(group(s, 'joinGroup', dave, { group_id: gid }), 'The group has closed join requests');

    const scanned = await scan(dave, path);
    expect(scanned.body.code, scanned.body.msg).toBe(0);
    expect(scanned.body.data).toMatchObject({
      id: gid,
      group_id: gid,
      name: 'Team',
      displayName: 'Team',
      groupUserCount: 3,
      invite_id: alice.id,
      action: 'groupInfo',
    });
    expect(scanned.body.data.avatar).toMatch(
      /^http:\/\/.+\/(static\/img\/group|storage\/group-avatar\/[0-9a-f-]+)\.png$/,
    );
    const reduced = await group(s, 'groupInfo', dave, { group_id: gid });
    expect(reduced.body.data).toMatchObject({ id: gid, isJoin: 0, groupUserCount: 3, notice: '' });
    expect(reduced.body.data.qrUrl).toBeUndefined();

    const [bWs, dWs] = await connectSockets(s.url, [bob, dave]);
    const joined = await group(s, 'joinGroup', dave, { group_id: String(id), inviteUid: alice.id }, true);
    expect(joined.body.code, joined.body.msg).toBe(0);
    expect((await dWs.next('addGroup')).data).toMatchObject({ id: gid, role: 3 });
    expect((await bWs.next('addGroupUser')).data).toMatchObject({
      group_id: gid,
      user_ids: [dave.id],
      invite_id: alice.id,
    });
    await assertNothing(s, dWs, 'addGroupUser');
    expect((await bWs.next<{ content: string }>('group')).data.content).toBe(
      'Dave joined the group by scanning the QR code',
    );
    await dWs.next('group');
    await expectFail(group(s, 'joinGroup', dave, { group_id: gid }), 'You are already in this group');
    bWs.close();
    dWs.close();
  });

  it('answers two simultaneous joins of one person with one success and "already in this group"', async () => {
    const id = await createGroup(s, alice, [bob, carol]);
    expect((await scan(dave, await qrPath(alice, id))).body.code).toBe(0);
    const both = await Promise.all([0, 1].map(() => group(s, 'joinGroup', dave, { group_id: id })));
    const codes = both.map((r) => r.body.code).sort();
    expect(codes).toEqual([0, 400]);
    expect(both.find((r) => r.body.code === 400)?.body.msg).toBe('You are already in this group');
    const members = await group(s, 'groupUserList', alice, { group_id: id });
    expect((members.body.data as Array<{ user_id: number }>).filter((m) => m.user_id === dave.id)).toHaveLength(1);
  });

  it('takes the code from realToken too; refuses forged codes and callers without a login', async () => {
    const id = await createGroup(s, alice, [bob, carol]);
    const code = (await qrPath(alice, id)).split('/').pop() as string;
    const viaParam = await scan(dave, '/scan/g', { realToken: code });
    expect(viaParam.body.code, viaParam.body.msg).toBe(0);
    const forged = code.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a'));
    await expectFail(scan(dave, `/scan/g/${forged}`), 'Invalid or expired QR code');
    await expectFail(scan(dave, '/scan/g/nonsense'), 'Invalid or expired QR code');
    await expectFail(scan(undefined, `/scan/g/${code}`), 'Please log in again to scan', -1);
  });

  it('follows the inviter: members may pass the code on only while invite is "1"', async () => {
    const id = await createGroup(s, alice, [bob, carol]);
    await expectFail(group(s, 'groupInfo', dave, { group_id: id }), 'You are not a member of this group');
    const byCarol = await qrPath(carol, id);
    await group(s, 'groupSetting', alice, { id, setting: { invite: '0' } });
    expect((await scan(dave, byCarol)).body.code).toBe(0);
    await expectFail(group(s, 'joinGroup', dave, { group_id: id }), 'The group has closed join requests');
    await group(s, 'groupSetting', alice, { id, setting: { invite: '1' } });
    // A grant lasts 30 minutes.
    s.clock.advance(31 * 60_000);
    await expectFail(group(s, 'joinGroup', dave, { group_id: id }), 'The group has closed join requests');
    expect((await scan(dave, byCarol)).body.code).toBe(0);
    expect((await group(s, 'joinGroup', dave, { group_id: id })).body.code).toBe(0);
  });

  it('refuses a code older than 7 days', async () => {
    const id = await createGroup(s, alice, [bob, carol]);
    const path = await qrPath(alice, id);
    s.clock.advance(7 * 86_400_000 + 1000);
    await expectFail(scan(dave, path), 'Invalid or expired QR code');
  });
});
