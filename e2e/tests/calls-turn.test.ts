import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_ARGS, collectPageErrors, launch, phoneContext, snap } from '../support/browser';
import { startCoturn, type RunningCoturn } from '../support/coturn';
import { mediaPath, relayOnly } from '../support/relay-only';
import { startServer, type RunningServer } from '../support/server';
import { fillTestId, registerPerson, setChatInfo, startChat, enterpriseMode, type Person } from '../support/app';

/**
 * Issue 40, calls across networks through a real relay: Debian's coturn on loopback with the
 * secret Parley shares (PROTOCOL §10.4), set in the admin console, whose test finds a relay;
 * a call between two phones that can only reach each other through it connects and carries
 * media; with a wrong secret the call says so in words instead of connecting forever. The
 * call details and the network check are photographed in both languages.
 */

const SECRET = `e2e-${crypto.randomUUID()}`;

let server: RunningServer;
let coturn: RunningCoturn;
let browser: Browser;
let alice: Person;
let bob: Person;
/** Alice (Chinese) and Bob (English), each on a phone that reaches the other only via TURN. */
let a: { page: Page; errors: string[] };
let b: { page: Page; errors: string[] };

beforeAll(async () => {
  [server, coturn] = await Promise.all([startServer(), startCoturn(SECRET)]);
  // Calls run in the full browser with its fake camera and microphone (support/browser.ts).
  browser = await launch(MEDIA_ARGS, { fullBrowser: true });
  alice = await registerPerson(server.url, 'alice01', 'Alice');
  bob = await registerPerson(server.url, 'bob0001', 'Bob');
  await enterpriseMode(server.url, alice);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  // Throws if turnserver outlived the test or left its port open.
  await coturn?.stop();
});

/** A phone behind a relay-only network, logged in through the login page. */
async function relayPhone(who: Person, lang: 'zh-Hans' | 'en'): Promise<{ page: Page; errors: string[] }> {
  const ctx: BrowserContext = await phoneContext(browser, { locale: lang === 'en' ? 'en-US' : 'zh-CN' });
  await ctx.grantPermissions(['camera', 'microphone']);
  if (lang === 'en') await ctx.addInitScript(() => localStorage.setItem('parley.lang', 'en'));
  await relayOnly(ctx);
  const page = await ctx.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${server.url}/#/pages/login/index`);
  await fillTestId(page, 'login-account', who.account);
  await fillTestId(page, 'login-password', who.password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('tabbar-home').waitFor();
  return { page, errors };
}

const status = (page: Page) => page.getByTestId('call-status').innerText();
const phase = (page: Page) => page.getByTestId('call-screen').getAttribute('data-phase');

/** Alice video-calls Bob from their chat, and Bob answers on the ringing screen. */
async function callAndAnswer() {
  await startChat(a.page, bob.id);
  await a.page.getByTestId('chat-plus').click();
  await a.page.getByTestId('plus-entry-video-call').click();
  await a.page.waitForURL(/#\/pages\/message\/call\?/, { timeout: 5000 });
  const overlay = b.page.getByTestId('call-overlay');
  await expect.poll(() => overlay.getAttribute('data-phase'), { timeout: 10_000 }).toBe('incoming');
  await b.page.getByTestId('call-accept').click();
  await b.page.waitForURL(/#\/pages\/message\/call\?/, { timeout: 5000 });
}

describe('calls through a TURN relay (coturn on loopback)', () => {
  it('an administrator sets the relay in the console and its test obtains a relay address', async () => {
    // The console at a desktop; closed before the phones sign in (one web session per person).
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    const page = await ctx.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${server.url}/#/pages/login/index`);
    await fillTestId(page, 'login-account', alice.account);
    await fillTestId(page, 'login-password', alice.password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('rail-admin').click();
    await page.getByTestId('admin-nav-settings').click();
    await page.getByTestId('settings-turn').click();
    await page.getByTestId('turn-status').check();
    await page.getByTestId('turn-urls').fill(coturn.url);
    await page.getByTestId('turn-secret').fill(SECRET);
    await page.getByTestId('turn-ttl').fill('600');
    await page.getByTestId('cfg-save').click();
    // Saved: the secret field empties and says one is set (the server never shows it back).
    await expect.poll(() => page.getByTestId('turn-secret').inputValue(), { timeout: 5000 }).toBe('');
    await expect
      .poll(() => page.getByTestId('turn-secret').getAttribute('placeholder'), { timeout: 5000 })
      .not.toBe('');

    // The test asks for fresh credentials and a relay through each URL from this browser.
    await page.getByTestId('turn-test').click();
    await expect
      .poll(() => page.getByTestId('turn-test-result').innerText(), { timeout: 20_000 })
      .toMatch(new RegExp(`${coturn.url.replace(/[.:]/g, '\\$&')}：已获得中继地址 127\\.0\\.0\\.1:\\d+`));
    await snap(page, 'calls-turn-admin-test');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('connects a call whose media can only go through the relay, and shows the path', async () => {
    [a, b] = await Promise.all([relayPhone(alice, 'zh-Hans'), relayPhone(bob, 'en')]);
    await callAndAnswer();
    for (const p of [a.page, b.page]) await expect.poll(() => phase(p), { timeout: 20_000 }).toBe('inCall');

    // getStats on both sides: the selected pair is relay to relay, and bytes keep arriving.
    for (const p of [a.page, b.page]) {
      const first = await mediaPath(p);
      expect([first.local, first.remote]).toEqual(['relay', 'relay']);
      await expect
        .poll(async () => (await mediaPath(p)).bytesReceived, { timeout: 10_000 })
        .toBeGreaterThan(first.bytesReceived);
    }
    // The call's details say so, in each person's language.
    await expect.poll(() => a.page.getByTestId('call-path').getAttribute('data-path'), { timeout: 5000 }).toBe('relay');
    expect(await a.page.getByTestId('call-path').innerText()).toBe('连接方式: 经中继服务器（TURN）转发');
    await expect.poll(() => b.page.getByTestId('call-path').getAttribute('data-path'), { timeout: 5000 }).toBe('relay');
    expect(await b.page.getByTestId('call-path').innerText()).toMatch(/relay/i);
    await snap(a.page, 'calls-turn-path-zh');
    await snap(b.page, 'calls-turn-path-en');

    await a.page.getByTestId('call-hangup').click();
    await expect.poll(() => status(b.page), { timeout: 5000 }).toMatch(/^Call duration /);
  });

  it('the network check finds the server and the relay over UDP and TCP', async () => {
    for (const [p, lang] of [
      [a.page, 'zh'],
      [b.page, 'en'],
    ] as const) {
      await p.goto(`${server.url}/#/pages/mine/network`);
      await expect.poll(() => p.getByTestId('net-server').getAttribute('data-state'), { timeout: 10_000 }).toBe('ok');
      const rows = p.getByTestId('net-row');
      await expect.poll(() => rows.count(), { timeout: 5000 }).toBe(2);
      for (const transport of ['udp', 'tcp']) {
        const row = p.locator(`[data-testid="net-row"][data-transport="${transport}"]`);
        await expect.poll(() => row.getAttribute('data-outcome'), { timeout: 20_000 }).toBe('ok');
        expect(await row.getAttribute('data-kind')).toBe('turn');
      }
      await expect
        .poll(() => p.locator('[data-testid="net-advice"] [data-advice]').getAttribute('data-advice'))
        .toBe('allGood');
      await snap(p, `calls-turn-network-check-${lang}`);
    }
  });

  it('with a secret coturn does not share, the call says it could not connect instead of connecting forever', async () => {
    await setChatInfo(server.url, alice, { turn: { status: 1, urls: [coturn.url], secret: 'not-the-shared-one' } });
    for (const p of [a.page, b.page]) await p.goto(`${server.url}/#/`);
    await callAndAnswer();
    // No relay address for either side. Whichever device gives up first says so in words (the
    // §10.4 catalogue's call.iceFailed) and keeps it on screen until read; its hangup (905) ends
    // the other side, which leaves its call page. Which one it is depends on when each side's
    // ICE gives up, so the test asks both. Nobody is left on "Connecting…".
    const failed = {
      zh: '无法建立通话连接，请检查网络或联系管理员配置中继服务器',
      en: 'Could not connect the call. Check your network, or ask your administrator to set up a relay (TURN) server',
    };
    const shown = async (page: Page) =>
      (await page.getByTestId('call-status').count()) > 0 ? await status(page).catch(() => '') : '';
    const whoSays = async () =>
      (await shown(a.page)) === failed.zh ? 'alice' : (await shown(b.page)) === failed.en ? 'bob' : '';
    await expect.poll(whoSays, { timeout: 25_000 }).toMatch(/^(alice|bob)$/);
    const [says, other] = (await whoSays()) === 'alice' ? [a.page, b.page] : [b.page, a.page];
    await snap(says, 'calls-turn-failed');
    await expect
      .poll(async () => ((await other.getByTestId('call-screen').count()) === 0 ? 'left' : await phase(other)), {
        timeout: 10_000,
      })
      .toMatch(/^(left|ended)$/);
    expect(await phase(says)).toBe('ended');
    await says.getByTestId('call-close').click();
    await expect.poll(() => says.getByTestId('call-screen').count()).toBe(0);

    expect([...a.errors, ...b.errors]).toEqual([]);
  });
});
