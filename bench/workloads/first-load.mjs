import { FAST_3G, launchChromium } from '../lib/chromium.mjs';
import { percentile } from '../lib/stats.mjs';

/**
 * The login page's first load as a phone on a slow network meets it (issue 42 #10): Debian's
 * Chromium with DevTools' "Fast 3G" profile (562.5 ms latency, 1.44 Mbit/s down, 675 kbit/s up)
 * and the CPU slowed 4×, a cold cache each time, `--repeat` loads [20]. Per load: the JavaScript
 * files and bytes on the wire (compressed, headers included) fetched until the form accepts
 * input, and the time from navigation to that moment (the page's own clock, polled every 50 ms).
 * The figure is a benchmark, not a test: e2e/tests/first-load.test.ts holds the files and bytes.
 */
const CPU_SLOWDOWN = 4;

export const columns = [
  ['load', 'load'],
  ['JS files', 'jsFiles'],
  ['JS kB', 'jsKb'],
  ['usable ms', 'usableMs'],
];

async function oneLoad(browser, url) {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN', hasTouch: true });
  try {
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const scripts = new Set();
    const bytes = new Map();
    cdp.on('Network.requestWillBeSent', (e) => e.type === 'Script' && scripts.add(e.requestId));
    cdp.on('Network.loadingFinished', (e) => scripts.has(e.requestId) && bytes.set(e.requestId, e.encodedDataLength));
    await page.goto(`${url}/#/pages/login/index`, { waitUntil: 'commit' });
    const usableMs = await page
      .waitForFunction(
        () => {
          const input = document.querySelector(
            '[data-testid="login-account"] input, input[data-testid="login-account"]',
          );
          return input && !input.disabled ? performance.now() : null;
        },
        null,
        { polling: 50, timeout: 60_000 },
      )
      .then((h) => h.jsonValue());
    const total = [...bytes.values()].reduce((s, n) => s + n, 0);
    return { jsFiles: bytes.size, jsKb: Math.round(total / 100) / 10, usableMs: Math.round(usableMs) };
  } finally {
    await ctx.close();
  }
}

export async function run({ env, opts, log, report }) {
  const browser = await launchChromium();
  const rows = [];
  try {
    for (let i = 1; i <= opts.repeat; i++) {
      const row = { load: i, ...(await oneLoad(browser, env.nodes[0].url)) };
      log(`  load ${i}: ${row.jsFiles} JS files, ${row.jsKb} kB, form usable at ${row.usableMs} ms`);
      report.write({ workload: 'first-load', ...row });
      rows.push(row);
    }
  } finally {
    await browser.close();
  }
  const ms = rows.map((r) => r.usableMs).sort((a, b) => a - b);
  return [
    ...rows,
    { load: 'median', jsFiles: rows[0]?.jsFiles, jsKb: rows[0]?.jsKb, usableMs: percentile(ms, 50) },
    { load: 'p95', usableMs: percentile(ms, 95) },
  ];
}
