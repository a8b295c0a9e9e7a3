import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, snap } from '../support/browser';
import { startServer, stopAll, type RunningServer } from '../support/server';
import {
  createGroupByApi,
  enterpriseMode,
  fillTestId,
  loggedInPage,
  registerPerson,
  sendByApi,
  type Person,
} from '../support/app';

/** Issue 20, "must show": global search from home — Chinese in a group, pinyin initials, opening in context. */

let server: RunningServer;
let browser: Browser;
let alice: Person;
let bob: Person;
let zw: Person;
let groupId: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launch();
  alice = await registerPerson(server.url, 'alice01', 'Alice');
  bob = await registerPerson(server.url, 'bob0001', 'Bob');
  zw = await registerPerson(server.url, 'weiz001', '张伟');
  await enterpriseMode(server.url, alice);
  groupId = await createGroupByApi(server.url, alice, [bob.id, zw.id], '项目组');
  await sendByApi(server.url, bob, groupId, '把会议纪要发一下');
  // Enough newer messages that the found one is far above the newest page.
  for (let i = 0; i < 60; i += 20) {
    await Promise.all(Array.from({ length: 20 }, (_, j) => sendByApi(server.url, zw, groupId, `进度更新 ${i + j}`)));
  }
  await sendByApi(server.url, alice, bob.id, 'Meeting notes are in the shared folder');
});
afterAll(() => stopAll(browser, server));

const messageHits = (page: Page): Locator => page.getByTestId('search-message');

async function openSearchFromHome(page: Page) {
  await page.getByTestId('home-search').click();
  await page.waitForURL(/pages\/index\/search/);
  await page.getByTestId('search-input').waitFor();
}

describe('global search', () => {
  it('finds 会议 typed on home in a group message, marked, and opens it in context', async () => {
    const { page, errors } = await loggedInPage(browser, server.url, alice);
    await openSearchFromHome(page);
    await expect.poll(() => page.getByTestId('search-hint').isVisible()).toBe(true);
    await snap(page, 'search-start-phone');

    await fillTestId(page, 'search-input', '会议');
    const hit = messageHits(page).filter({ hasText: '把会议纪要发一下' });
    await hit.waitFor({ timeout: 10_000 });
    expect(await hit.locator('mark').allInnerTexts()).toEqual(['会议']);
    expect(await hit.innerText()).toContain('项目组');
    await snap(page, 'search-results-phone');

    await hit.click();
    await page.waitForURL(/pages\/message\/chat\?id=group-\d+&msg_id=\d+/);
    const bubble = page.getByTestId('message-bubble').filter({ hasText: '把会议纪要发一下' });
    await bubble.waitFor({ timeout: 10_000 });
    await expect.poll(() => bubble.isVisible()).toBe(true);
    expect(await page.locator('[data-highlight="1"]').count()).toBe(1);
    await snap(page, 'search-opened-phone');

    // Back: the search is where it was.
    await page.goBack();
    await page.waitForURL(/pages\/index\/search\?q=/);
    await hit.waitFor();
    expect(errors).toEqual([]);
  });

  it('finds 张伟 by zw, and keeps recent searches with a clear action', async () => {
    const { page, errors } = await loggedInPage(browser, server.url, alice);
    await openSearchFromHome(page);
    await fillTestId(page, 'search-input', 'zw');
    const contact = page.locator(`[data-testid="search-contact"][data-id="${zw.id}"]`);
    await contact.waitFor({ timeout: 10_000 });
    expect(await contact.locator('mark').innerText()).toBe('张伟');
    await snap(page, 'search-pinyin-phone');
    await contact.click();
    await page.waitForURL(new RegExp(`pages/message/chat\\?id=${zw.id}$`));
    await page.goBack();
    await page.getByTestId('search-input').waitFor();

    await fillTestId(page, 'search-input', '');
    const recent = page.getByTestId('search-recent');
    await recent.waitFor();
    expect(await recent.innerText()).toContain('zw');
    await page.getByTestId('search-recent-clear').click();
    await expect.poll(() => recent.count()).toBe(0);

    await fillTestId(page, 'search-input', 'xylophone');
    await page.getByTestId('search-none').waitFor({ timeout: 10_000 });
    await snap(page, 'search-none-phone');
    expect(errors).toEqual([]);
  });

  it('opens from the address book, and shows every message match after "more"', async () => {
    for (let i = 0; i < 5; i++) await sendByApi(server.url, bob, alice.id, `meeting at ${i + 2} pm`);
    const { page, errors } = await loggedInPage(browser, server.url, alice);
    await page.getByTestId('tabbar-contacts').click();
    await page.getByTestId('contacts-search').click();
    await page.waitForURL(/pages\/index\/search/);
    await fillTestId(page, 'search-input', 'meeting');
    await expect.poll(() => messageHits(page).count(), { timeout: 10_000 }).toBe(3);
    await page.getByTestId('search-messages-more').click();
    await page.waitForURL(/type=messages/);
    await expect.poll(() => messageHits(page).count(), { timeout: 10_000 }).toBe(6);
    expect(errors).toEqual([]);
  });

  /** Alice on home, with the search page's code arriving late (a slow network). */
  const withSlowSearchPage = () =>
    loggedInPage(browser, server.url, alice, async (ctx) => {
      await ctx.route(/SearchScreen-[^/]*\.js/, async (route) => {
        await new Promise((r) => setTimeout(r, 1500));
        await route.continue();
      });
    });

  it('keeps what is typed while the search page is still loading', async () => {
    // Keys typed while the page's code is on its way must land in its box.
    const { page, errors } = await withSlowSearchPage();
    await page.getByTestId('home-search').click();
    await page.keyboard.type('meeting', { delay: 40 });
    await page.getByTestId('search-input').waitFor();
    await expect.poll(() => page.getByTestId('search-input').inputValue()).toBe('meeting');
    await expect.poll(() => messageHits(page).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    // The box has the keys from now on, after what came before.
    await page.keyboard.type(' notes');
    expect(await page.getByTestId('search-input').inputValue()).toBe('meeting notes');
    expect(errors).toEqual([]);
  });

  it('keeps what an input method commits while the search page is still loading', async () => {
    // Pinyin and other IMEs send no key per character: the text arrives as one insertion into
    // whatever box has focus, so it needs a box from the tap on.
    const { page, errors } = await withSlowSearchPage();
    await page.getByTestId('home-search').click();
    await page.keyboard.insertText('会议');
    await page.getByTestId('search-input').waitFor();
    await expect.poll(() => page.getByTestId('search-input').inputValue()).toBe('会议');
    await expect.poll(() => messageHits(page).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await page.getByTestId('search-input').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.locator('input[data-type-ahead]').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('lays the results out on a desktop screen', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/#/pages/login/index`);
    await fillTestId(page, 'login-account', alice.account);
    await fillTestId(page, 'login-password', alice.password);
    await page.getByTestId('login-submit').click();
    // Desktop: the rail instead of the tab bar; Ctrl+K opens search with its box focused.
    await page.getByTestId('home-search').waitFor();
    await page.keyboard.press('Control+k');
    await page.waitForURL(/pages\/index\/search/);
    await page.getByTestId('search-input').waitFor();
    await page.keyboard.type('会议');
    await messageHits(page).first().waitFor({ timeout: 10_000 });
    await snap(page, 'search-results-desktop');
    await ctx.close();
  });
});
