import { beforeAll, describe, expect, it } from 'vitest';
import { type TestUser } from './helpers/index';
import { befriendAll, createGroup, group, seedDave } from './group-fixtures';
import { serverWithPeople } from './chat-fixtures';

/** Generated group avatars (a collage of member tiles) stored as blobs and served at /storage. */

const { s, alice, bob, carol } = await serverWithPeople();
let dave: TestUser;

beforeAll(async () => {
  dave = await seedDave(s);
  await befriendAll(s, alice, bob, carol, dave);
});

const avatarOf = async (id: number): Promise<string> =>
  (await group(s, 'groupInfo', alice, { group_id: id })).body.data.avatar as string;

describe('group avatar', () => {
  it('is rendered after creation, replaced when members change, and served as a PNG that is never sniffed', async () => {
    const id = await createGroup(s, alice, [bob, carol]);
    await s.services.groupAvatars.idle();
    const first = await avatarOf(id);
    expect(first).toMatch(new RegExp(`/storage/group-avatar/${id}-[0-9a-f]{16}\\.png$`));
    const res = await fetch(first);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');

    expect((await group(s, 'addGroupUser', alice, { id, user_ids: [dave.id] })).body.code).toBe(0);
    await s.services.groupAvatars.idle();
    expect(await avatarOf(id)).not.toBe(first);
  });

  it('answers 404 for stored names that do not exist', async () => {
    expect((await fetch(`${s.url}/storage/group-avatar/nothing.png`)).status).toBe(404);
  });
});
