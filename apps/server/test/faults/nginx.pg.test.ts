import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { formatMsg, limits } from '@parley/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../helpers/api';
import { connectSocket, type TestSocket } from '../helpers/socket';
import { startNginx, type Nginx } from './nginx';
import { chatIdCounts, freePort, freshPgDatabase, startProcess, type ServerProcess } from './process';

/**
 * Fault test (issue 35): Debian's nginx, running the site file operators are given
 * (deploy/nginx/parley.conf), in front of two nodes on PostgreSQL + Redis with
 * PARLEY_TRUST_PROXY=1. Sign-in, a message across nodes and a socket work through the proxy; the
 * login guard sees each client's own address; and a rolling restart of both nodes under a light
 * load loses nothing: every send a client retried after a refusal or a cut connection succeeds,
 * and every message is stored once. PostgreSQL only (`*.pg.test.ts`): two nodes share a database.
 */

interface Who {
  id: number;
  token: string;
}

let env: Record<string, string>;
const ports: [number, number] = [0, 0];
const nodes: ServerProcess[] = [];
let nginx: Nginx | undefined;
let api: Api;
let alice: Who;
let bob: Who;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  env = {
    ...(await freshPgDatabase()),
    REDIS_URL: process.env.PARLEY_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    PARLEY_REDIS_PREFIX: `nginx-${randomUUID().slice(0, 8)}:`,
    PARLEY_TRUST_PROXY: '1',
    PARLEY_SHUTDOWN_GRACE_S: '6',
  };
  ports[0] = await freePort();
  ports[1] = await freePort();
  for (const p of ports) nodes.push(await startProcess(env, p)); // the first migrates the fresh database
  nginx = await startNginx(ports);
  api = createApi(nginx.url);
  const admin = await person('nginxadmin');
  // Everyone a contact (runMode 1), so alice may write to bob.
  const cfg = await api.post(
    '/manage/config/setConfig',
    { name: 'sysInfo', value: { runMode: 1 } },
    { token: admin.token },
  );
  expect(cfg.body.code, cfg.body.msg).toBe(0);
  alice = await person('alicenginx');
  bob = await person('bobnginx');
  // Each node reads settings through its own cache (5 s): wait until both let alice write.
  for (const n of nodes) {
    for (let attempt = 1; (await send(n.api, randomUUID())).body.code !== 0; attempt++) {
      if (attempt > 100) throw new Error('runMode 1 never reached every node');
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}, 120_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  await nginx?.stop();
  for (const n of nodes) await n.stop();
});

/** Registers and signs in through the proxy. */
async function person(account: string): Promise<Who> {
  const who = { account, realname: account, password: 'nginx-pass1' };
  const reg = await api.post('/common/pub/register', who);
  expect(reg.body.code, reg.body.msg).toBe(0);
  const login = await api.post('/common/pub/login', { ...who, terminal: 'app' });
  expect(login.body.code, login.body.msg).toBe(0);
  return { id: reg.body.data.user_id as number, token: login.body.data.authToken as string };
}

/** A POST through the proxy from a loopback address of our choosing (each one a "client"). */
function postFrom(
  localAddress: string,
  path: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<{ code: number; msg: string }> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${nginx?.url}${path}`,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        let out = '';
        res.on('data', (b: Buffer) => (out += b.toString()));
        res.on('end', () => resolve(JSON.parse(out) as { code: number; msg: string }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

const send = (via: Api, id: string) =>
  via.post(
    '/enterprise/im/sendMessage',
    { id, type: 'text', content: `m ${id}`, toContactId: bob.id },
    { token: alice.token },
  );

/** sendMessage calls node `n` answered with 200 (its own /metrics, read on loopback). */
async function sendsServed(n: ServerProcess): Promise<number> {
  const text = await (await fetch(`${n.url}/metrics`)).text();
  const series = 'parley_http_request_duration_seconds_count{route="/enterprise/im/sendMessage",code="200"} ';
  const line = text.split('\n').find((l) => l.startsWith(series));
  return line ? Number(line.slice(series.length)) : 0;
}

describe('two nodes behind nginx', () => {
  it('signs in, carries a socket through /wss, and pushes a message sent on either node to it', async () => {
    const bobSock = await connectSocket(nginx?.url ?? '', { token: bob.token });
    sockets.push(bobSock);
    // Sent on each node directly: one of them is not the node holding bob's socket.
    for (const via of [...nodes.map((n) => n.api), api]) {
      const id = randomUUID();
      const pushed = bobSock.next<{ id: string }>('simple', (d) => d.id === id, 10_000);
      const r = await send(via, id);
      expect(r.body.code, r.body.msg).toBe(0);
      await pushed;
    }
    // Scraping through the site is refused (each node is scraped on its own address).
    expect((await fetch(`${nginx?.url}/metrics`)).status).toBe(404);
  });

  it('lets the login guard see each client’s own address, which a client cannot forge', async () => {
    const carol = { account: 'carolnginx', realname: 'carol', password: 'nginx-pass1' };
    expect((await api.post('/common/pub/register', carol)).body.code).toBe(0);
    for (let i = 0; i < limits.loginFailures; i++) {
      const r = await postFrom('127.0.0.2', '/common/pub/login', { ...carol, password: 'wrong-pass1' });
      expect(r.code).toBe(400);
    }
    const locked = await postFrom('127.0.0.2', '/common/pub/login', carol);
    expect(locked).toMatchObject({ code: 400, msg: formatMsg('auth.tooManyAttempts', 'zh-cn') });
    // Another client, even one that claims to be the locked one, still signs in.
    const other = await postFrom('127.0.0.3', '/common/pub/login', carol, { 'x-forwarded-for': '127.0.0.2' });
    expect(other.code, other.msg).toBe(0);
  });

  it('restarts both nodes one after the other under load, and every send succeeds once', async () => {
    const acked = new Set<string>();
    let retries = 0;
    let stop = false;
    let started: () => void = () => undefined;
    const underWay = new Promise<void>((r) => (started = r));
    // A client as the web app is: a send that fails (refused while a node stops, a cut connection,
    // nginx with no node to offer) is sent again with the same id, a moment later.
    const sender = async () => {
      while (!stop) {
        const id = randomUUID();
        for (let attempt = 1; ; attempt++) {
          const r = await send(api, id).catch(() => undefined);
          if (r?.body.code === 0) break;
          expect(attempt, `send ${id} still failing`).toBeLessThan(300);
          retries++;
          await new Promise((resolve) => setTimeout(resolve, 50)); // the client's back-off
        }
        acked.add(id);
        if (acked.size >= 20) started();
        await new Promise((resolve) => setTimeout(resolve, 100)); // a light load: a person types
      }
    };
    const senders = Array.from({ length: 4 }, sender);
    await underWay;
    for (const i of [0, 1]) {
      const old = nodes[i] as ServerProcess;
      await old.stop(); // SIGTERM: fails unless the node exits 0 within its grace
      const fresh = await startProcess(env, ports[i]);
      nodes[i] = fresh;
      // As the restart procedure says: the next node goes only once this one takes traffic again.
      await expect.poll(() => sendsServed(fresh), { timeout: 30_000, interval: 200 }).toBeGreaterThan(0);
    }
    stop = true;
    await Promise.all(senders);

    const seen = await chatIdCounts(api, bob.token, alice.id);
    for (const id of acked) expect(seen.get(id), `acknowledged ${id}`).toBe(1);
    console.info(`rolling restart: ${acked.size} messages, ${retries} sends retried`);
  }, 120_000);
});
