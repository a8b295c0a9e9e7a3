import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, snap } from '../support/browser';
import { startServer, stopAll, type RunningServer } from '../support/server';
import {
  apiPost,
  createGroupByApi,
  enterpriseMode,
  loggedInPage,
  registerPerson,
  sendByApi,
  startChat,
  type Person,
} from '../support/app';

/**
 * Issue 15: a group's event rows ("X created the group", "X invited Y") are there at the top of
 * a long chat, after scrolling up through the older pages, worded in the reader's language.
 */

let server: RunningServer;
let browser: Browser;
let alice: Person;
let bob: Person;
let carol: Person;
let dave: Person;
let gid: string;

/** Rows in the group: 2 event rows and 29 texts, as in the e2e run that found the bug. */
const TEXTS = 29;

beforeAll(async () => {
  server = await startServer();
  browser = await launch();
  alice = await registerPerson(server.url, 'alice01', 'Alice');
  bob = await registerPerson(server.url, 'bob0001', 'Bob');
  carol = await registerPerson(server.url, 'carol01', 'Carol');
  dave = await registerPerson(server.url, 'dave001', 'Dave');
  await enterpriseMode(server.url, alice);
  gid = await createGroupByApi(server.url, alice, [bob.id, carol.id], 'Weekend hike 周末徒步');
  await apiPost(server.url, '/enterprise/group/addGroupUser', { id: gid, user_ids: [dave.id] }, alice.token);
  for (let i = 1; i <= TEXTS; i++) await sendByApi(server.url, i % 2 ? alice : bob, gid, `Plan item ${i}`);
});
afterAll(() => stopAll(browser, server));

const eventRows = (page: Page) => page.locator('[data-testid="message-bubble"][data-type="event"]');

/** Scrolls the chat up as a person does (wheel over the list) until the first row is reached. */
async function scrollToTop(page: Page, noMore: string) {
  const list = page.getByTestId('message-list');
  const box = await list.boundingBox();
  if (!box) throw new Error('no message list');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect
    .poll(
      async () => {
        await page.mouse.wheel(0, -1500);
        return page.getByText(noMore, { exact: true }).count();
      },
      { timeout: 15_000, interval: 400 },
    )
    .toBe(1);
}

describe('group event rows at the top of a long chat', () => {
  it('shows who created the group and who was invited, in Chinese', async () => {
    const b = await loggedInPage(browser, server.url, bob);
    await startChat(b.page, gid);
    await expect.poll(() => b.page.getByTestId('message-bubble').last().innerText()).toContain(`Plan item ${TEXTS}`);
    await scrollToTop(b.page, '没有更早的消息了');
    await expect
      .poll(() => eventRows(b.page).allInnerTexts(), { timeout: 5000 })
      .toEqual(['Alice创建了群聊', 'Alice邀请Dave加入了群聊']);
    expect(await eventRows(b.page).first().isVisible()).toBe(true);
    await snap(b.page, 'group-events-top-zh-phone');
    expect(b.errors).toEqual([]);
    await b.page.context().close();
  });

  it('shows the same rows in English for a reader in English', async () => {
    const c = await loggedInPage(browser, server.url, carol, async (ctx) => {
      await ctx.addInitScript(() => localStorage.setItem('parley.lang', 'en'));
    });
    await startChat(c.page, gid);
    await expect.poll(() => c.page.getByTestId('message-bubble').last().innerText()).toContain(`Plan item ${TEXTS}`);
    await scrollToTop(c.page, 'No earlier messages');
    await expect
      .poll(() => eventRows(c.page).allInnerTexts(), { timeout: 5000 })
      .toEqual(['Alice created the group', 'Alice invited Dave to the group']);
    await snap(c.page, 'group-events-top-en-phone');
    await c.page.setViewportSize({ width: 1280, height: 800 });
    await scrollToTop(c.page, 'No earlier messages');
    await snap(c.page, 'group-events-top-en-desktop');
    expect(c.errors).toEqual([]);
    await c.page.context().close();
  });
});

describe('the owner transfer line (issue 42 #8)', () => {
  it('appears in the chat at once, for a Chinese and an English reader', async () => {
    const team = await createGroupByApi(server.url, alice, [bob.id, carol.id], 'Handover 交接');
    const b = await loggedInPage(browser, server.url, bob);
    const c = await loggedInPage(browser, server.url, carol, async (ctx) => {
      await ctx.addInitScript(() => localStorage.setItem('parley.lang', 'en'));
    });
    await startChat(b.page, team);
    await startChat(c.page, team);
    await expect.poll(() => eventRows(b.page).count()).toBe(1); // "created"
    await expect.poll(() => eventRows(c.page).count()).toBe(1);
    await apiPost(server.url, '/enterprise/group/changeOwner', { id: team, user_id: bob.id }, alice.token);
    await expect.poll(() => eventRows(b.page).last().innerText()).toBe('Alice已将群主转让给Bob');
    await expect.poll(() => eventRows(c.page).last().innerText()).toBe('Alice made Bob the group owner');
    await snap(b.page, 'group-owner-line-zh-phone');
    await snap(c.page, 'group-owner-line-en-phone');
    await b.page.setViewportSize({ width: 1280, height: 800 });
    await c.page.setViewportSize({ width: 1280, height: 800 });
    await snap(b.page, 'group-owner-line-zh-desktop');
    await snap(c.page, 'group-owner-line-en-desktop');
    expect([...b.errors, ...c.errors]).toEqual([]);
    await b.page.context().close();
    await c.page.context().close();
  });
});
