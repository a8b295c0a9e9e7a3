import { FAST_3G, launchChromium } from '../lib/chromium.mjs';
import { userWithConversations } from '../lib/fill.mjs';
import { call } from '../lib/http.mjs';
import { percentile } from '../lib/stats.mjs';

/**
 * A returning person reopens the installed web app on a phone's network. User 0 has
 * `--conversations` one-to-one chats (one message each way with users 1…N). Debian's Chromium,
 * signed in as the web client keeps its session, installs the app (service worker and precache)
 * on a fast network; then on DevTools' "Fast 3G" (562.5 ms latency, 1.44 Mbit/s down) it reloads
 * `--repeat` times. Per reload: when the first chat row shows (drawn from the client's own copy)
 * and when the chat list's fresh answer has arrived, over HTTP or as a socket reply, with the
 * bytes it took and the bytes of the whole reload. Needs the built web client (`npm run build`).
 */
const PASSWORD = 'benchpass1';
/** Where the web client keeps its session (apps/web/src/state/auth.ts). */
const AUTH_KEY = 'parley.auth';

export const columns = [
  ['reload', 'reload'],
  ['first row ms', 'firstRowMs'],
  ['list ms', 'listMs'],
  ['list kB', 'listKb'],
  ['all kB', 'allKb'],
];

const kB = (bytes) => Math.round(bytes / 100) / 10;

/** Watches one page's traffic: the chat list's answer (HTTP or socket reply) and all bytes. */
async function watch(page, ctx, conversations) {
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  const state = { listAt: 0, listBytes: 0, bytes: 0 };
  const urls = new Map();
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
  cdp.on('Network.loadingFinished', (e) => {
    state.bytes += e.encodedDataLength;
    if (urls.get(e.requestId)?.includes('/enterprise/im/getContacts'))
      Object.assign(state, { listAt: performance.now(), listBytes: e.encodedDataLength });
  });
  cdp.on('Network.webSocketFrameReceived', (e) => {
    const text = e.response.payloadData;
    const n = Buffer.byteLength(text);
    state.bytes += n;
    if (!text.startsWith('{"type":"reply"')) return;
    const data = JSON.parse(text).data;
    if (Array.isArray(data) && data.length >= conversations && 'unread' in (data[0] ?? {}))
      Object.assign(state, { listAt: performance.now(), listBytes: n });
  });
  return { cdp, state };
}

export async function run({ env, opts, sources, runId, log, report }) {
  const base = env.nodes[0].url;
  const n = opts.conversations;
  log(`reopen: user with ${n} conversations`);
  const { me } = await userWithConversations({ env, n, sources, runId, log });
  const session = await call(base, '/common/pub/login', { account: me.account, password: PASSWORD, terminal: 'web' });
  const value = JSON.stringify({ token: session.data.authToken, userInfo: session.data.userInfo });
  const browser = await launchChromium();
  const rows = [];
  try {
    const ctx = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'zh-CN',
      hasTouch: true,
      serviceWorkers: 'allow',
      storageState: {
        cookies: [],
        origins: [{ origin: new URL(base).origin, localStorage: [{ name: AUTH_KEY, value }] }],
      },
    });
    const page = await ctx.newPage();
    const firstRow = page.locator('[data-testid="conversation-row"]').first();
    await page.goto(`${base}/#/`);
    await firstRow.waitFor({ timeout: 60_000 });
    await page.waitForFunction(
      async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated',
      null,
      { timeout: 60_000 },
    );
    const { cdp, state } = await watch(page, ctx, n);
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    for (let i = 1; i <= opts.repeat; i++) {
      Object.assign(state, { listAt: 0, listBytes: 0, bytes: 0 });
      const t0 = performance.now();
      await page.reload();
      await firstRow.waitFor({ timeout: 60_000 });
      const firstRowMs = Math.round(performance.now() - t0);
      const deadline = performance.now() + 60_000;
      while (!state.listAt && performance.now() < deadline) await page.waitForTimeout(20);
      if (!state.listAt) throw new Error('reopen: the chat list never arrived');
      // What else this reload fetches (pushes, avatars) comes within a second; the row counts it.
      await page.waitForTimeout(1000);
      const row = {
        reload: i,
        firstRowMs,
        listMs: Math.round(state.listAt - t0),
        listKb: kB(state.listBytes),
        allKb: kB(state.bytes),
      };
      log(
        `  reload ${i}: first row ${row.firstRowMs} ms, chat list ${row.listMs} ms (${row.listKb} kB), ${row.allKb} kB in all`,
      );
      report.write({ workload: 'reopen', conversations: n, ...row });
      rows.push(row);
    }
  } finally {
    await browser.close();
  }
  const med = (k) =>
    percentile(
      rows.map((r) => r[k]).sort((a, b) => a - b),
      50,
    );
  return [
    ...rows,
    {
      reload: 'median',
      firstRowMs: med('firstRowMs'),
      listMs: med('listMs'),
      listKb: med('listKb'),
      allKb: med('allKb'),
    },
  ];
}
