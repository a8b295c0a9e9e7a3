import { randomUUID } from 'node:crypto';
import { formatMsg } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { connectSocket, seedPeople, startTestServer } from './helpers/index';
import { makeFriends } from './chat-fixtures';
import { createLifecycle } from '../src/platform/ops/index';

/**
 * Operating a node (PROTOCOL §20): what a load balancer, Prometheus and an operator stopping the
 * node see. The process-level stop (signals, grace, exit codes) is in faults/shutdown-load.test.ts.
 */

const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers });

/** The value of one sample line of the exposition text, e.g. `parley_sockets_open`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('health and readiness', () => {
  it('answers ok and ready while the node serves, and names a dependency that does not answer', async () => {
    let redisUp = true;
    const s = await startTestServer({
      ops: {
        readiness: [{ name: 'redis', check: async () => (redisUp ? 'PONG' : Promise.reject(new Error('down'))) }],
      },
    });
    try {
      const health = await get(`${s.url}/healthz`);
      expect([health.status, await health.text()]).toEqual([200, 'ok']);
      const ready = await get(`${s.url}/readyz`);
      expect([ready.status, await ready.text()]).toEqual([200, 'ready']);
      redisUp = false;
      const notReady = await get(`${s.url}/readyz`);
      expect([notReady.status, await notReady.text()]).toEqual([503, 'not ready: redis']);
      expect((await get(`${s.url}/healthz`)).status, 'alive all the same').toBe(200);
    } finally {
      await s.close();
    }
  });

  it('turns not ready at shutdown and answers new API calls with the translated shuttingDown envelope', async () => {
    const lifecycle = createLifecycle();
    const s = await startTestServer({ ops: { lifecycle } });
    try {
      const { alice } = await seedPeople(s.api);
      lifecycle.beginDrain();
      const ready = await get(`${s.url}/readyz`);
      expect([ready.status, await ready.text()]).toEqual([503, 'not ready: shutting down']);
      const zh = await s.api.post('/enterprise/im/getUserInfo', { user_id: alice.id }, { token: alice.token });
      expect(zh.status, 'never a bare 5xx (§1.3)').toBe(200);
      expect(zh.body).toEqual({
        code: 502,
        msg: formatMsg('common.shuttingDown', 'zh-cn'),
        count: 0,
        data: '',
        page: 0,
      });
      expect(zh.headers.get('connection'), 'the connection is not kept for more').toBe('close');
      const en = await s.api.post('/enterprise/im/sendMessage', {}, { token: alice.token, lang: 'en' });
      expect(en.body.msg).toBe('The server is restarting, please try again in a moment');
      expect((await get(`${s.url}/healthz`)).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('closes bound sockets with 1001, not the websocket plugin’s 1005', async () => {
    const s = await startTestServer();
    const { alice } = await seedPeople(s.api);
    const sock = await connectSocket(s.url, { token: alice.token });
    await s.close();
    expect(await sock.closed).toBe(1001);
  });
});

describe('/metrics', () => {
  it('reports requests by route, sockets, messages stored, pushes sent and commits in Prometheus text', async () => {
    const s = await startTestServer();
    try {
      const { alice, bob } = await seedPeople(s.api);
      await makeFriends(s, alice, bob);
      const bobSock = await connectSocket(s.url, { token: bob.token });
      const id = randomUUID();
      const pushed = bobSock.next<{ id: string }>('simple', (d) => d.id === id);
      const sent = await s.api.post(
        '/enterprise/im/sendMessage',
        { id, type: 'text', content: 'hello', toContactId: bob.id },
        { token: alice.token },
      );
      expect(sent.body.code, sent.body.msg).toBe(0);
      await pushed;

      const res = await get(`${s.url}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await res.text();
      expect(sample(text, 'parley_messages_stored_total')).toBe(1);
      expect(sample(text, 'parley_pushes_sent_total')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'parley_sockets_open')).toBe(1);
      expect(sample(text, 'parley_sockets_bound')).toBe(1);
      expect(sample(text, 'parley_db_commit_batches_total')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'parley_db_commit_units_total')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'parley_redis_publish_failures_total')).toBe(0);
      // The API path as the protocol writes it is the route label (bounded: unknown paths share their prefix's).
      expect(
        sample(text, 'parley_http_request_duration_seconds_count{route="/enterprise/im/sendMessage",code="200"}'),
      ).toBe(1);
      // Process and event-loop metrics (prom-client's default collectors).
      expect(text).toMatch(/^process_cpu_user_seconds_total /m);
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    } finally {
      await s.close();
    }
  });

  it('answers only loopback, or another host with the bearer token', async () => {
    const token = 'metrics-token-0123456789';
    const s = await startTestServer({ config: { metricsToken: token } });
    try {
      expect((await get(`${s.url}/metrics`)).status).toBe(200);
      // Through a proxy on this host (X-Forwarded-For set) the scraper is someone else.
      const proxied = { 'x-forwarded-for': '203.0.113.7' };
      expect((await get(`${s.url}/metrics`, proxied)).status).toBe(403);
      expect(
        (await get(`${s.url}/metrics`, { ...proxied, authorization: 'Bearer wrong-token-0123456789' })).status,
      ).toBe(403);
      expect((await get(`${s.url}/metrics`, { ...proxied, authorization: `Bearer ${token}` })).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('takes the client address from X-Forwarded-For only with PARLEY_TRUST_PROXY', async () => {
    const s = await startTestServer({ config: { trustProxy: true } });
    try {
      expect((await get(`${s.url}/metrics`, { 'x-forwarded-for': '127.0.0.1' })).status).toBe(200);
      expect((await get(`${s.url}/metrics`, { 'x-forwarded-for': '198.51.100.4' })).status).toBe(403);
    } finally {
      await s.close();
    }
  });
});
