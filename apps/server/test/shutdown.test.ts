import { describe, expect, it } from 'vitest';
import { connectSocket, seedPeople, startTestServer } from './helpers/index';
import { makeFriends, presenceSettled } from './chat-fixtures';

/**
 * A node that shuts down takes its connected users offline and tells their contacts. Those
 * pushes must be out before the app reports closed: the bus and the database close right after
 * (main.ts, the test server), and a push reaching the Redis bus after its client quit failed as
 * an unhandled ioredis "write EPIPE" at the end of test files (seen under Node 24).
 */
describe('shutting down', () => {
  it('sends the presence pushes of the connections it closes before the app is closed', async () => {
    let appClosed = false;
    const late: number[] = [];
    // Every push passes through afterDurable (platform/events.ts): one after the close is late.
    const s = await startTestServer({ afterDurable: (fn) => (appClosed && late.push(Date.now()), fn()) });
    const { alice, bob } = await seedPeople(s.api);
    await makeFriends(s, alice, bob);
    const sock = await connectSocket(s.url, { token: alice.token });
    await s.app.close();
    appClosed = true;
    await sock.closed;
    // Any push the close set going has left by now (it would land in `late`).
    await presenceSettled(s, alice.id, 0);
    expect(late, 'pushes sent after the app closed').toEqual([]);
    await s.close();
  });
});
