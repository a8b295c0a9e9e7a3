import { fill, userWithConversations } from '../lib/fill.mjs';
import { call } from '../lib/http.mjs';
import { settleStats } from '../lib/server.mjs';
import { Samples } from '../lib/stats.mjs';
import { pool } from '../lib/sockets.mjs';
import { timedCalls } from '../lib/timed.mjs';

/**
 * Cold paths. (1) User 0 has `conversations` one-to-one conversations (one message each way
 * with users 1…N); measure login → getContacts, fresh login each time. (2) Two users share a
 * chat of `messages` messages (sent through sendMessage, as fast as the server takes them);
 * measure getMessageList: the newest page, then `pages` older pages by `last_id`, and pages
 * deep in the chat by `page` number. Every timed request asks for compression as a browser does
 * and decodes the answer; `kB` is the size of the last answer as it travelled. `--repeat` logins,
 * then as many getContacts of one session, with the server's CPU per call (node 0's).
 */
const PASSWORD = 'benchpass1';

export async function run({ env, opts, sources, runId, log, report }) {
  const base = env.nodes[0].url;
  const points = [];
  // (1) login → getContacts
  const n = opts.conversations;
  log(`cold: user with ${n} conversations`);
  const { users, me } = await userWithConversations({ env, n, sources, runId, log });
  await settleStats(env, log);
  const login = new Samples();
  const contacts = new Samples();
  const both = new Samples();
  let rows = 0;
  let bytes = 0;
  const wire = (n) => (bytes = n);
  const repeat = Math.max(1, opts.repeat);
  let token;
  for (let k = 0; k < repeat; k++) {
    const t0 = performance.now();
    const env1 = await call(
      base,
      '/common/pub/login',
      { account: me.account, password: PASSWORD, terminal: k % 2 ? 'web' : 'mobile' },
      { browser: true },
    );
    const t1 = performance.now();
    token = env1.data.authToken;
    const c = await call(base, '/enterprise/im/getContacts', {}, { token, browser: true, wire });
    const t2 = performance.now();
    rows = c.data.length;
    login.add(t1 - t0);
    contacts.add(t2 - t1);
    both.add(t2 - t0);
  }
  const p1 = {
    workload: 'cold',
    path: 'login+getContacts',
    conversations: n,
    rows,
    kB: bytes / 1000,
    repeat,
    login: login.summary(),
    getContacts: contacts.summary(),
    total: both.summary(),
  };
  report.write(p1);
  points.push(p1);
  // The list alone, one session: what reading it costs the server, without the login's scrypt.
  const alone = await timedCalls(env.nodes[0].pid, repeat, () =>
    call(base, '/enterprise/im/getContacts', {}, { token, browser: true, wire }),
  );
  const p2 = {
    workload: 'cold',
    path: 'getContacts',
    conversations: n,
    kB: bytes / 1000,
    count: repeat,
    cpuMs: alone.cpuMs,
    ...alone.samples.summary(),
  };
  report.write(p2);
  points.push(p2);
  // (2) getMessageList pages
  const [a, b] = [users[1], users[2]];
  log(`cold: chat of ${opts.messages} messages`);
  await fill(
    base,
    (i) => (i % 2 ? b : a),
    (i) => (i % 2 ? a.id : b.id),
    opts.messages,
    log,
    'chat history',
  );
  await settleStats(env, log);
  const newest = new Samples();
  const cursor = new Samples();
  const deep = new Samples();
  let lastId;
  let count = 0;
  const pageBytes = {};
  for (let k = 0; k < Math.max(1, opts.pages); k++) {
    const t0 = performance.now();
    const page = await call(
      base,
      '/enterprise/im/getMessageList',
      { toContactId: b.id, limit: 20, ...(lastId ? { last_id: lastId } : {}) },
      { token: a.token, browser: true, wire },
    );
    (lastId ? cursor : newest).add(performance.now() - t0);
    pageBytes[lastId ? 'last_id pages' : 'newest page'] = bytes;
    count = page.count;
    if (!page.data.length) break;
    lastId = Math.min(...page.data.map((m) => m.msg_id));
  }
  const pagesTotal = Math.ceil(count / 20);
  const deepPages = Array.from(
    { length: Math.max(1, opts.pages) },
    (_, k) => 1 + Math.floor(((k + 0.5) / opts.pages) * pagesTotal),
  );
  await pool(deepPages, 1, async (pg) => {
    const t0 = performance.now();
    await call(
      base,
      '/enterprise/im/getMessageList',
      { toContactId: b.id, limit: 20, page: pg },
      { token: a.token, browser: true, wire },
    );
    deep.add(performance.now() - t0);
    pageBytes['page=N spread'] = bytes;
  });
  for (const [kind, s] of [
    ['newest page', newest],
    ['last_id pages', cursor],
    ['page=N spread', deep],
  ]) {
    const p = {
      workload: 'cold',
      path: `getMessageList ${kind}`,
      messages: count,
      kB: (pageBytes[kind] ?? 0) / 1000,
      ...s.summary(),
    };
    report.write(p);
    points.push(p);
  }
  return points;
}

export const columns = [
  ['path', 'path'],
  ['n', (r) => r.conversations ?? r.messages],
  ['count', (r) => r.count ?? r.repeat],
  ['p50 ms', (r) => r.p50 ?? r.total?.p50],
  ['p95 ms', (r) => r.p95 ?? r.total?.p95],
  ['p99 ms', (r) => r.p99 ?? r.total?.p99],
  ['max ms', (r) => r.max ?? r.total?.max],
  ['login p50', 'login.p50'],
  ['contacts p50', 'getContacts.p50'],
  ['kB', 'kB'],
  ['srv CPU ms/req', 'cpuMs'],
];
