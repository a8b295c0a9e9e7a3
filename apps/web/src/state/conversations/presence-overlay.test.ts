import { describe, expect, it } from 'vitest';
import type { Contact } from '@parley/protocol';
import { contact } from './fixtures';
import { notePresence, withPresenceHeard } from './presence-overlay';

/** A read of the list whose answer the test releases, as a slow network would. */
function pendingRead(answer: Contact[]) {
  let release: () => void = () => {};
  const read = withPresenceHeard(() => new Promise<Contact[]>((r) => (release = () => r(answer))));
  return { read, release: () => release() };
}

const online = (list: Contact[]) => list.map((c) => [c.id, c.is_online]);

describe('presence heard while the list is read', () => {
  it('lays a push that came during the read over an answer read before it', async () => {
    const { read, release } = pendingRead([contact(2), contact(3, { is_online: 1 }), contact('group-5')]);
    notePresence(2, true); // came online after the server read the list
    notePresence(3, false);
    notePresence(3, true); // the newest of several counts
    release();
    expect(online(await read)).toEqual([
      [2, 1],
      [3, 1],
      ['group-5', 0],
    ]);
  });

  it('keeps nothing between reads: a push with no read under way is for the listed row only', async () => {
    notePresence(2, true);
    const { read, release } = pendingRead([contact(2)]);
    release();
    expect(online(await read)).toEqual([[2, 0]]);
  });

  it('forgets what it heard once every read is answered, also a failed one', async () => {
    const failing = withPresenceHeard(() => Promise.reject(new Error('offline')));
    notePresence(2, true);
    await expect(failing).rejects.toThrow('offline');
    const { read, release } = pendingRead([contact(2)]);
    release();
    expect(online(await read)).toEqual([[2, 0]]);
  });
});
