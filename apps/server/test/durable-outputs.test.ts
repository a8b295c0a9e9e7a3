import { describe, expect, it } from 'vitest';
import { connectSockets } from './helpers/index';
import { uuid, serverWithPeople } from './chat-fixtures';

/**
 * Replies and pushes leave only through Database.afterDurable (wal-sync.ts: on SQLite a reader
 * may see a batch whose WAL sync is still running). Here the test holds that gate by hand, as a
 * slow disk would, on both back ends.
 */

let holding = false;
const held: Array<() => void> = [];
const { s, alice, bob } = await serverWithPeople(['alice-bob'], {
  afterDurable: (fn) => (holding ? held.push(fn) : fn()),
});

describe('outputs wait until the commits they may describe are on disk', () => {
  it('holds the sendMessage reply and both pushes, then lets them out', async () => {
    const [aWs, bWs] = await connectSockets(s.url, [alice, bob]);
    holding = true;
    let answered = false;
    const reply = s.api
      .post(
        '/enterprise/im/sendMessage',
        { id: uuid(), type: 'text', content: 'held', toContactId: bob.id },
        { token: alice.token },
      )
      .then((r) => {
        answered = true;
        return r;
      });
    // The first push waits at the gate (the second push and the answer wait for it); nothing got out.
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await bWs.expectNoneSoFar('simple');
    expect(answered).toBe(false);

    holding = false;
    while (held.length) held.shift()?.();
    const res = await reply;
    expect(res.body.code, res.body.msg).toBe(0);
    expect((await bWs.next<{ content: string }>('simple')).data.content).toBe('held');
    expect((await aWs.next<{ content: string }>('simple')).data.content).toBe('held');
    aWs.close();
    bWs.close();
  });
});
