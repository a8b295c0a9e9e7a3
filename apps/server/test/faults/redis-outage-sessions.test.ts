import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeNodes, startTwoNodes, type TestServer } from '../helpers/server';
import { registerAndLogin } from '../helpers/index';
import { startPrivateRedis, type PrivateRedis } from './redis-server';

/**
 * Fault test (issue 41): a node serves session rows from its cache while its bus listens
 * (session-cache.ts), because every revocation reaches it through the bus. While Redis is down a
 * revocation on node A cannot reach node B: B must read sessions from the database for the whole
 * outage, and not trust what it cached before once Redis is back. Runs on both databases (on
 * SQLite the two nodes share one connection, so one exact cache); the Redis is the test's own.
 */

let redis: PrivateRedis | undefined;
let nodes: [TestServer, TestServer] | undefined;
beforeAll(async () => {
  redis = await startPrivateRedis();
  nodes = await startTwoNodes({ redisUrl: redis.url });
});
afterAll(async () => {
  await closeNodes(nodes?.[1], nodes?.[0]);
  await redis?.stop();
});

let seq = 0;
const EXPIRED = 'Your login has expired, please log in again';
const fresh = (node: TestServer) =>
  registerAndLogin(node.api, { account: `outage${++seq}s`, realname: 'S', password: 'pass-word1' });
const en = async (node: TestServer, token: string) =>
  (await node.api.post('/enterprise/im/updateUserInfo', {}, { token, lang: 'en' })).body as {
    code: number;
    msg: string;
  };
/** Whether the node's bus hears the other node's publications now. */
const listening = (node: TestServer): boolean => {
  let now = false;
  node.bus.onListening((l) => (now = l))();
  return now;
};

describe('a session revoked on node A while Redis is down', () => {
  it('is refused on node B, which had just served it, during the outage and after', { timeout: 30_000 }, async () => {
    const [a, b] = nodes ?? [];
    if (!a || !b || !redis) throw new Error('not started');
    const during = await fresh(a);
    const after = await fresh(a);
    for (const u of [during, after, during, after]) expect((await en(b, u.token)).code).toBe(0);

    await redis.kill();
    const patient = { timeout: 20_000, interval: 50 };
    await expect.poll(() => listening(a) || listening(b), patient).toBe(false);
    expect((await a.api.post('/common/pub/logout', {}, { token: during.token })).body.code).toBe(0);
    expect(await en(b, during.token)).toMatchObject({ code: -1, msg: EXPIRED });
    expect((await a.api.post('/common/pub/logout', {}, { token: after.token })).body.code).toBe(0);

    await redis.start();
    await expect.poll(() => listening(a) && listening(b), patient).toBe(true);
    expect(await en(b, after.token)).toMatchObject({ code: -1, msg: EXPIRED });
    // A live session is served as before.
    const live = await fresh(a);
    expect((await en(b, live.token)).code).toBe(0);
    expect((await en(b, live.token)).code).toBe(0);
  });
});
