import { describe, expect, it } from 'vitest';
import { presenceDampMs } from '../src/modules/realtime/presence-pushes';
import { presenceSettled, serverWithPeople } from './chat-fixtures';
import { connectSocket, pushesReached, type TestSocket } from './helpers/index';

/**
 * Presence damping (issue 35 #7): a storm of binds that are aborted at once sends a friend no
 * `isOnline` at all, and a user who really comes and goes is still announced, once each way.
 * The window runs on the server's manual clock, so nothing here depends on how fast this machine is.
 */
const { s, alice, bob } = await serverWithPeople(['alice-bob'], { presenceDampMs });

const aliceFlags = (ws: TestSocket) =>
  ws.frames
    .filter((f) => f.type === 'isOnline' && (f.data as { id: number }).id === alice.id)
    .map((f) => (f.data as { is_online: number }).is_online);

describe('presence damping', () => {
  it('pushes nothing for 40 aborted binds and the final state once for a real visit', async () => {
    const bobWs = await connectSocket(s.url, { token: bob.token });
    for (let i = 0; i < 40; i++) {
      const ws = await connectSocket(s.url, { token: alice.token });
      // Every other one is dropped before its bind is answered, the others just after.
      if (i % 2 === 0) {
        ws.send({ type: 'ping' });
        await ws.next('pong');
      }
      ws.terminate();
      await ws.closed;
    }
    await presenceSettled(s, alice.id, 0);
    s.clock.advance(presenceDampMs);
    await s.services.presencePushes.idle();
    await pushesReached(s, bobWs);
    expect(aliceFlags(bobWs)).toEqual([]);

    // A real visit: online once, offline once, each when its window ends.
    const stays = await connectSocket(s.url, { token: alice.token });
    await presenceSettled(s, alice.id, 1);
    await pushesReached(s, bobWs);
    expect(aliceFlags(bobWs)).toEqual([]); // not yet: the window is open
    s.clock.advance(presenceDampMs);
    const online = await bobWs.next<{ id: number; is_online: number }>('isOnline', (d) => d.id === alice.id);
    expect(online.data.is_online).toBe(1);
    stays.close();
    await presenceSettled(s, alice.id, 0);
    s.clock.advance(presenceDampMs);
    const offline = await bobWs.next<{ id: number; is_online: number }>('isOnline', (d) => d.id === alice.id);
    expect(offline.data.is_online).toBe(0);
    // Nothing more about her (`next` takes the frames it returns out of the record).
    await pushesReached(s, bobWs);
    expect(aliceFlags(bobWs)).toEqual([]);
    bobWs.close();
  });
});
