import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, launch, snap } from '../support/browser';
import { startServer, stopAll, type RunningServer } from '../support/server';
import {
  apiPost,
  createGroupByApi,
  loggedInPage,
  openChat,
  registerPerson,
  registerTrio,
  send,
  setChatInfo,
  signedInState,
  type Person,
} from '../support/app';

/**
 * Issue 39 (PROTOCOL §17): the sender of a group message watches "N 人未读" fall as three
 * people read it at different times, opens the two lists (a sheet on the phone, a panel beside
 * the chat on the desktop), and the installation switch hides it all.
 */

let server: RunningServer;
let browser: Browser;
let alice: Person;
let bob: Person;
let carol: Person;
let dave: Person;
let gid = '';
const TEXT = 'The release moves to Thursday';

beforeAll(async () => {
  server = await startServer();
  browser = await launch();
  [alice, bob, carol] = await registerTrio(server.url);
  dave = await registerPerson(server.url, 'dave001', 'Dave');
  gid = await createGroupByApi(server.url, alice, [bob.id, carol.id, dave.id], 'Release team');
});
afterAll(() => stopAll(browser, server));

/** The count under my message: its figures and its text. */
const count = (page: Page) => page.getByTestId('read-count');
const unreadShown = (page: Page) => count(page).getAttribute('data-unread');
/** Opening the chat moves a member's read mark (§4.5): a reader on another device. */
const readByApi = (who: Person) =>
  apiPost(server.url, '/enterprise/im/getMessageList', { toContactId: gid, limit: 20 }, who.token);
const names = (page: Page, type: 'unread' | 'read') =>
  page.getByTestId(`read-list-${type}`).getByTestId('read-list-name').allInnerTexts();

/** Alice at a 1280×800 desktop, in English. */
async function desktopAlice(): Promise<{ page: Page; errors: string[] }> {
  const ctx = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    storageState: await signedInState(server.url, alice),
  });
  await ctx.addInitScript(() => {
    localStorage.setItem('parley.lang', 'en');
    localStorage.setItem('parley.notify.asked', '1'); // the one-time notifications offer (pwa-notify.test.ts)
  });
  const page = await ctx.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${server.url}/#/`);
  await page.getByTestId('rail').waitFor();
  return { page, errors };
}
type SiteInfo = { chatInfo: { readList: number } };

describe('read lists in a group', () => {
  it('show the sender the count falling as three people read, and the lists behind it', async () => {
    const { page, errors } = await loggedInPage(browser, server.url, alice);
    await page.setViewportSize({ width: 390, height: 844 });
    await openChat(page, gid);
    await send(page, TEXT);
    await expect.poll(() => unreadShown(page)).toBe('3');
    expect(await count(page).innerText()).toBe('3 人未读');

    // Bob reads in his own browser.
    const bobs = await loggedInPage(browser, server.url, bob);
    await openChat(bobs.page, gid);
    await bobs.page.getByText(TEXT).waitFor();
    await expect.poll(() => unreadShown(page)).toBe('2');
    await snap(page, 'read-lists-phone-chat');

    // The lists: a sheet from the bottom, 未读 first (by name), 已读 with the time.
    await count(page).click();
    const sheet = page.getByTestId('read-list-sheet');
    await sheet.waitFor();
    await expect.poll(() => names(page, 'unread')).toEqual(['Carol', 'Dave']);
    expect(await page.getByTestId('read-tab-unread').innerText()).toBe('未读 2');
    await snap(page, 'read-lists-phone-unread');
    await page.getByTestId('read-tab-read').click();
    await expect.poll(() => names(page, 'read')).toEqual(['Bob']);
    expect(await page.getByTestId('read-list-read').innerText()).toMatch(/Bob\s+\d\d:\d\d 已读/);
    await snap(page, 'read-lists-phone-read');

    // Carol reads while the lists are open: they follow.
    await readByApi(carol);
    await expect.poll(() => names(page, 'read')).toEqual(['Carol', 'Bob']);
    expect(await page.getByTestId('read-tab-unread').innerText()).toBe('未读 1');
    await page.getByTestId('read-list-close').click();
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => unreadShown(page)).toBe('1');

    // Dave reads last: everyone has, and the unread list says so.
    await readByApi(dave);
    await expect.poll(() => count(page).innerText()).toBe('全部已读');
    // Keyboard: the count is a button, Enter opens the lists on 已读 (nobody is left unread).
    await count(page).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => names(page, 'read')).toEqual(['Dave', 'Carol', 'Bob']);
    // Focus starts on ×; Tab reaches the selected tab, ← the other one.
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowLeft');
    await page.getByTestId('read-list-empty').waitFor();
    expect(await page.getByTestId('read-list-empty').innerText()).toBe('所有人都已读');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });

    // Nobody else sees counts under Alice's message.
    expect(await count(bobs.page).count()).toBe(0);
    expect(errors).toEqual([]);
    expect(bobs.errors).toEqual([]);
    await bobs.page.context().close();
    await page.context().close();
    // Two people's pages on the shared 2-core machine, each about 3 s and 6 CPU-seconds to open.
  }, 180_000);

  it('open as a panel beside the chat on the desktop, in English', async () => {
    const { page, errors } = await desktopAlice();
    await openChat(page, gid);
    await send(page, 'And the demo to Friday');
    await expect.poll(() => count(page).last().getAttribute('data-unread')).toBe('3');
    await readByApi(bob);
    await expect.poll(() => count(page).last().innerText()).toBe('2 unread');
    await count(page).last().click();
    const panel = page.getByTestId('read-list-panel');
    await panel.waitFor();
    // Beside the chat, not over it: the composer stays usable to its left.
    const [p, input] = await Promise.all([panel.boundingBox(), page.getByTestId('chat-input').boundingBox()]);
    expect(p && input && input.x + input.width <= p.x).toBe(true);
    await expect.poll(() => names(page, 'unread')).toEqual(['Carol', 'Dave']);
    expect(await page.getByTestId('read-tab-read').innerText()).toBe('Read 1');
    await snap(page, 'read-lists-desktop');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("show the publishing admin an announcement's lists in the console, whose switch turns them off", async () => {
    const notice = (await apiPost(
      server.url,
      '/manage/index/publishNotice',
      { title: 'Office closed Monday', content: 'The office is closed on Monday.' },
      alice.token,
    )) as { id: string };
    await apiPost(server.url, '/enterprise/im/getMessageList', { toContactId: 'admin_notice', limit: 20 }, bob.token);
    const { page, errors } = await desktopAlice();
    await page.getByTestId('rail-admin').click();
    await page.getByTestId('admin-nav-notices').click();
    const cell = page.getByTestId('notice-read-count');
    await expect.poll(() => cell.innerText()).toBe('1 read · 2 unread');
    await cell.click();
    await expect.poll(() => names(page, 'unread')).toEqual(['Carol', 'Dave']);
    await page.getByTestId('read-tab-read').click();
    await expect.poll(() => names(page, 'read')).toEqual(['Bob']);
    expect(await page.getByTestId('read-list').getAttribute('data-msg-id')).toBe(notice.id);
    await snap(page, 'read-lists-admin-notice');

    // Settings → chat: the installation switch, off.
    await page.getByTestId('admin-nav-settings').click();
    await page.getByTestId('settings-chatInfo').click();
    await page.getByTestId('cfg-readList').uncheck();
    await page.getByTestId('cfg-save').click();
    await expect
      .poll(async () => ((await apiPost(server.url, '/common/pub/getSystemInfo', {})) as SiteInfo).chatInfo.readList)
      .toBe(0);
    await page.getByTestId('admin-nav-notices').click();
    await expect.poll(() => page.getByTestId('notices-table').innerText()).toContain('—');
    expect(await cell.count()).toBe(0);

    // The chat: no counts under Alice's messages, before and after a reload.
    await page.goto(`${server.url}/#/pages/message/chat?id=${gid}`);
    await page.getByText(TEXT).waitFor();
    await expect.poll(() => count(page).count()).toBe(0);
    await page.reload();
    await page.getByText(TEXT).waitFor();
    // The rows the app kept may show first; the fresh ones carry no counts.
    await expect.poll(() => count(page).count()).toBe(0);
    await snap(page, 'read-lists-off');
    await setChatInfo(server.url, alice, { readList: 1 });
    expect(errors).toEqual([]);
    await page.context().close();
  }, 180_000);
});
