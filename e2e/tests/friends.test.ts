import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, snap } from '../support/browser';
import { startServer, stopAll, type RunningServer } from '../support/server';
import {
  createGroupByApi,
  enterpriseMode,
  fillTestId,
  loggedInPage,
  registerPerson,
  row,
  type Person,
} from '../support/app';

/** Issue 4, friends: find by account, ask, accept live; and a QR code read from a picture. */

let server: RunningServer;
let browser: Browser;
let alice: Person;
let bob: Person;
let carol: Person;

beforeAll(async () => {
  server = await startServer();
  browser = await launch();
  alice = await registerPerson(server.url, 'alice01', 'Alice');
  bob = await registerPerson(server.url, 'bob0001', '鲍勃');
  carol = await registerPerson(server.url, 'carol01', 'Carol');
});
afterAll(() => stopAll(browser, server));

const contactRow = (id: number) => `[data-testid="contact-row"][data-id="${id}"]`;

describe('friends in two browsers', () => {
  it('bob finds alice by account and asks; alice sees the request live, accepts, and both address books update', async () => {
    const a = await loggedInPage(browser, server.url, alice);
    const b = await loggedInPage(browser, server.url, bob);
    await a.page.getByTestId('tabbar-contacts').click();
    await a.page.getByTestId('contacts-new-friends').waitFor();

    // Bob: + → Add friends → exact account → card → request with a text.
    await b.page.getByTestId('home-plus').click();
    await b.page.getByTestId('plus-add-friend').click();
    await fillTestId(b.page, 'search-input', 'alice01');
    await b.page.getByTestId('search-submit').click();
    await b.page.locator(`[data-testid="search-result"][data-id="${alice.id}"]`).click();
    await b.page.getByTestId('detail-add-friend').click();
    await fillTestId(b.page, 'friend-apply-remark', '我是鲍勃，市场部');
    await b.page.getByTestId('friend-apply-submit').click();
    await b.page.getByTestId('detail-add-friend').waitFor();

    // Alice: the badge appears without a reload; the request is there with its text.
    await expect.poll(() => a.page.getByTestId('contacts-new-friends-badge').innerText()).toBe('1');
    await snap(a.page, 'friends-alice-badge');
    await a.page.getByTestId('contacts-new-friends').click();
    const request = a.page.getByTestId('friend-request').first();
    expect(await request.innerText()).toContain('我是鲍勃，市场部');

    // Bob waits on his address book; alice accepts.
    await b.page.goto(`${server.url}/#/pages/contacts/index`);
    await b.page.getByTestId('contacts-new-friends').waitFor();
    expect(await b.page.locator(contactRow(alice.id)).count()).toBe(0);
    await request.getByTestId('friend-accept').click();
    await expect.poll(() => request.getAttribute('data-status')).toBe('1');

    await b.page.locator(contactRow(alice.id)).waitFor();
    await snap(b.page, 'friends-bob-contacts');
    await a.page.getByTestId('back').click();
    await a.page.locator(contactRow(bob.id)).waitFor();
    // 鲍勃 files under B (pinyin "baobo").
    expect(await a.page.locator('[data-testid="contact-section"][data-letter="B"]').count()).toBe(1);
    expect(await a.page.getByTestId('contacts-new-friends-badge').count()).toBe(0);

    // Issue 42 #8: on home, each sees the other's chat with the "now friends" line, also once
    // the list is read again (home after the address book, and after a reload).
    for (const [page, other] of [
      [a.page, bob],
      [b.page, alice],
    ] as const) {
      await page.goto(`${server.url}/#/pages/index/index`);
      await expect.poll(() => row(page, other.id).innerText()).toContain('你们已成为好友，开始聊天吧');
      await page.reload();
      await page.getByTestId('tabbar-home').waitFor();
      await expect.poll(() => row(page, other.id).innerText()).toContain('你们已成为好友，开始聊天吧');
    }
    await snap(b.page, 'friends-new-friend-home-phone');
    await b.page.setViewportSize({ width: 1280, height: 800 });
    await snap(b.page, 'friends-new-friend-home-desktop');
    expect([...a.errors, ...b.errors]).toEqual([]);
    await a.page.context().close();
    await b.page.context().close();
  });

  it("carol reads alice's QR code from a picture and lands on her card", async () => {
    const a = await loggedInPage(browser, server.url, alice);
    await a.page.getByTestId('home-plus').click();
    await a.page.getByTestId('plus-my-qrcode').click();
    const canvas = a.page.getByTestId('qrcode-canvas');
    await canvas.waitFor();
    const picture = join(tmpdir(), `parley-qr-${process.pid}.png`);
    await canvas.screenshot({ path: picture });
    await snap(a.page, 'friends-my-qrcode');

    const c = await loggedInPage(browser, server.url, carol);
    await c.page.getByTestId('home-plus').click();
    await c.page.getByTestId('plus-scan').click();
    await c.page.locator('[data-testid="scan-pick-image"] input:enabled').setInputFiles(picture); // (enabled once the decoder loaded)
    await c.page.waitForURL(new RegExp(`#/pages/contacts/detail\\?id=${alice.id}$`), { timeout: 5000 });
    await c.page.getByTestId('detail-add-friend').waitFor();
    expect(await c.page.getByTestId('detail-name').innerText()).toContain('Alice');
    expect([...a.errors, ...c.errors]).toEqual([]);
    await a.page.context().close();
    await c.page.context().close();
  });

  it('dave joins a group from its QR code picture and lands in the group chat', async () => {
    // Everyone is a contact (runMode 1) so alice can make a group of three at once.
    await enterpriseMode(server.url, alice);
    const dave = await registerPerson(server.url, 'dave001', 'Dave');
    const group = await createGroupByApi(server.url, alice, [bob.id, carol.id], '项目群');

    const a = await loggedInPage(browser, server.url, alice);
    await a.page.goto(`${server.url}/#/pages/index/qrcode?type=group&id=${group}`);
    const canvas = a.page.getByTestId('qrcode-canvas');
    await canvas.waitFor();
    expect(await a.page.getByTestId('qrcode-hint').innerText()).toMatch(/7天内（\d\d-\d\d前）/);
    const picture = join(tmpdir(), `parley-group-qr-${process.pid}.png`);
    await canvas.screenshot({ path: picture });
    await snap(a.page, 'friends-group-qrcode');

    const d = await loggedInPage(browser, server.url, dave);
    await d.page.goto(`${server.url}/#/pages/index/scan`);
    await d.page.locator('[data-testid="scan-pick-image"] input:enabled').setInputFiles(picture); // (enabled once the decoder loaded)
    await d.page.getByTestId('scan-join-group').waitFor({ timeout: 5000 });
    expect(await d.page.getByTestId('scan-group').innerText()).toContain('项目群');
    await snap(d.page, 'friends-scan-join');
    await d.page.getByTestId('scan-join-group').click();
    await d.page.waitForURL(new RegExp(`#/pages/message/chat\\?id=${group}$`), { timeout: 5000 });
    expect([...a.errors, ...d.errors]).toEqual([]);
    await a.page.context().close();
    await d.page.context().close();
  });
});
