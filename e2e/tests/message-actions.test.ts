import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, snap } from '../support/browser';
import { startServer, stopAll, type RunningServer } from '../support/server';
import {
  bubbleTexts,
  enterpriseMode,
  fillTestId,
  loggedInPage,
  messagesOf,
  registerPerson,
  row,
  send,
  sendByApi,
  setChatInfo,
  startChat,
  type Person,
} from '../support/app';

/** Issue 5, "must show" 3–5: recall live on both sides, forwarding to 5 chats, history search. */

let server: RunningServer;
let browser: Browser;
let alice: Person;
let bob: Person;
let others: Person[];

beforeAll(async () => {
  server = await startServer();
  browser = await launch();
  alice = await registerPerson(server.url, 'alice01', 'Alice');
  bob = await registerPerson(server.url, 'bob0001', 'Bob');
  others = [];
  const people: [string, string][] = [
    ['carol01', 'Carol'],
    ['dave001', 'Dave'],
    ['erin001', 'Erin'],
    ['frank01', 'Frank'],
    ['gina001', 'Gina'],
  ];
  for (const [account, name] of people) others.push(await registerPerson(server.url, account, name));
  await enterpriseMode(server.url, alice);
});
afterAll(() => stopAll(browser, server));

const bubble = (page: Page, text: string): Locator =>
  page.getByTestId('message-bubble').filter({ hasText: text }).last();

/**
 * Right-clicks the bubble once it has a menu: a message still sending has none (its id is not the
 * server's yet), and on a busy machine the answer can come after the click.
 */
async function rightClick(target: Locator) {
  await menuReady(target);
  await target.click({ button: 'right' });
}

const menuReady = (target: Locator) =>
  expect.poll(() => target.getAttribute('aria-haspopup'), { timeout: 10_000 }).toBe('menu');

/** Holds a finger on the bubble for longer than the 350 ms long-press. */
async function longPress(page: Page, target: Locator) {
  await menuReady(target);
  const box = await target.boundingBox();
  if (!box) throw new Error('bubble not on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(500);
  await page.mouse.up();
  await page.getByTestId('message-menu').waitFor();
}

async function confirmDialog(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByRole('button').last().click();
}

describe('message actions', () => {
  it('recalls a message live on both sides, offers re-edit, and hides Recall once the window has passed', async () => {
    const a = await loggedInPage(browser, server.url, alice);
    const b = await loggedInPage(browser, server.url, bob);
    await startChat(a.page, bob.id);
    await send(a.page, 'Recall me please');
    await startChat(b.page, alice.id);
    await expect.poll(() => bubbleTexts(b.page), { timeout: 5000 }).toContain('Recall me please');

    await longPress(a.page, bubble(a.page, 'Recall me please'));
    await snap(a.page, 'actions-menu-phone');
    const items = await a.page.getByTestId('message-menu').getByRole('menuitem').allInnerTexts();
    expect(items).toEqual(expect.arrayContaining(['复制', '引用', '转发', '撤回', '删除（仅自己）']));
    await a.page.getByTestId('menu-recall').click();

    await expect
      .poll(async () => (await bubbleTexts(a.page)).some((t) => t.startsWith('你撤回了一条消息')), { timeout: 5000 })
      .toBe(true);
    await expect.poll(() => bubbleTexts(b.page), { timeout: 5000 }).toContain('对方撤回了一条消息');
    expect(await bubbleTexts(b.page)).not.toContain('Recall me please');
    await snap(b.page, 'actions-recalled-peer');

    // WeChat's re-edit: the text comes back into the composer.
    await a.page.getByTestId('recall-reedit').click();
    await expect.poll(() => a.page.getByTestId('chat-input').inputValue()).toBe('Recall me please');
    await fillTestId(a.page, 'chat-input', '');

    // A 3-second window: a message older than that offers no Recall.
    await setChatInfo(server.url, alice, { redoTime: 3 });
    // The page's clock, not a sleep, ages the message past the window.
    await a.page.clock.install();
    await a.page.reload();
    await a.page.getByTestId('chat-input').waitFor();
    await send(a.page, 'Too old to recall');
    await bubble(a.page, 'Too old to recall').waitFor();
    await a.page.clock.fastForward(4000);
    await rightClick(bubble(a.page, 'Too old to recall'));
    await a.page.getByTestId('message-menu').waitFor();
    expect(await a.page.getByTestId('menu-recall').count()).toBe(0);
    expect(await a.page.getByTestId('menu-forward').count()).toBe(1);
    await a.page.keyboard.press('Escape');
    await expect.poll(() => a.page.getByTestId('message-menu').count()).toBe(0);
    await setChatInfo(server.url, alice, { redoTime: 86400 });

    expect([...a.errors, ...b.errors]).toEqual([]);
    await a.page.context().close();
    await b.page.context().close();
  });

  it('deletes for everyone live on both sides after a confirmation, and deletes for me only on my side', async () => {
    const a = await loggedInPage(browser, server.url, alice);
    const b = await loggedInPage(browser, server.url, bob);
    await startChat(a.page, bob.id);
    await startChat(b.page, alice.id);
    await send(a.page, 'Sent to the wrong chat');
    await bubble(b.page, 'Sent to the wrong chat').waitFor({ timeout: 5000 });
    await rightClick(bubble(a.page, 'Sent to the wrong chat'));
    await a.page.getByTestId('menu-delete').click();
    await confirmDialog(a.page);
    for (const page of [a.page, b.page]) {
      await expect.poll(() => bubbleTexts(page), { timeout: 5000 }).not.toContain('Sent to the wrong chat');
    }

    await send(b.page, 'Keep or drop me');
    await bubble(a.page, 'Keep or drop me').waitFor({ timeout: 5000 });
    await rightClick(bubble(a.page, 'Keep or drop me'));
    expect(await a.page.getByTestId('menu-delete').count()).toBe(0);
    await a.page.getByTestId('menu-remove').click();
    await confirmDialog(a.page);
    await expect.poll(() => bubbleTexts(a.page), { timeout: 5000 }).not.toContain('Keep or drop me');
    await a.page.reload();
    await a.page.getByTestId('chat-input').waitFor();
    // The device copy may show the chat first; the server's page settles it.
    await expect.poll(() => bubbleTexts(a.page), { timeout: 5000 }).not.toContain('Keep or drop me');
    expect(await bubbleTexts(b.page)).toContain('Keep or drop me');
    expect([...a.errors, ...b.errors]).toEqual([]);
    await a.page.context().close();
    await b.page.context().close();
  });

  it('quotes a message: the quote bar above the composer, the quoted line under the reply on both sides', async () => {
    const a = await loggedInPage(browser, server.url, alice);
    const b = await loggedInPage(browser, server.url, bob);
    await startChat(a.page, bob.id);
    await startChat(b.page, alice.id);
    await send(b.page, 'Where is lunch today?');
    await bubble(a.page, 'Where is lunch today?').waitFor({ timeout: 5000 });
    await rightClick(bubble(a.page, 'Where is lunch today?'));
    await a.page.getByTestId('menu-quote').click();
    expect(await a.page.getByTestId('quote-bar').innerText()).toContain('引用 Bob：Where is lunch today?');
    await send(a.page, 'At noon, downstairs');
    await expect.poll(() => a.page.getByTestId('quote-bar').count()).toBe(0);
    for (const page of [a.page, b.page]) {
      const quoted = page.getByTestId('quoted-preview').last();
      await expect.poll(() => quoted.innerText().catch(() => ''), { timeout: 5000 }).toBe('Bob: Where is lunch today?');
    }
    await snap(b.page, 'actions-quote-peer');
    expect([...a.errors, ...b.errors]).toEqual([]);
    await a.page.context().close();
    await b.page.context().close();
  });

  it('forwards a message to 5 chats, refuses a 6th choice, and the targets receive it live', async () => {
    const [carol] = others;
    if (!carol) throw new Error('no carol');
    const a = await loggedInPage(browser, server.url, alice);
    const c = await loggedInPage(browser, server.url, carol);
    await startChat(a.page, bob.id);
    await send(a.page, 'Please pass this on');
    await rightClick(bubble(a.page, 'Please pass this on'));
    await a.page.getByTestId('menu-forward').click();
    await a.page.waitForURL(/userSelection\?mode=forward/);

    for (const p of others) await a.page.locator(`[data-testid="forward-row"][data-id="${p.id}"]`).click();
    await a.page.locator(`[data-testid="forward-row"][data-id="${bob.id}"]`).click();
    await a.page.getByText('最多选择5个').waitFor();
    await snap(a.page, 'actions-forward-selection');
    expect(await a.page.locator('[data-testid="forward-row"][aria-checked="true"]').count()).toBe(5);
    expect(await a.page.locator(`[data-testid="forward-row"][data-id="${bob.id}"]`).getAttribute('aria-checked')).toBe(
      'false',
    );

    await a.page.getByTestId('forward-confirm').click();
    const dialog = a.page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Please pass this on');
    await confirmDialog(a.page);
    await a.page.waitForURL(/pages\/message\/chat/);
    await a.page.getByText('转发成功').waitFor();

    // Carol's home shows it without a reload; every target has it from alice.
    await expect
      .poll(
        () =>
          row(c.page, alice.id)
            .innerText()
            .catch(() => ''),
        { timeout: 5000 },
      )
      .toContain('Please pass this on');
    for (const p of others) {
      const rows = await messagesOf(server.url, p, alice.id);
      expect(rows.map((m) => m.content)).toContain('Please pass this on');
    }
    expect([...a.errors, ...c.errors]).toEqual([]);
    await a.page.context().close();
    await c.page.context().close();
  });

  it('finds a message sent 200 messages ago and opens the chat scrolled to it, highlighted', async () => {
    await sendByApi(server.url, bob, alice.id, 'The needle in the haystack');
    for (let i = 0; i < 200; i += 20) {
      // Batches keep it fast; the order inside a batch does not matter for this test.
      await Promise.all(Array.from({ length: 20 }, (_, j) => sendByApi(server.url, bob, alice.id, `filler ${i + j}`)));
    }
    const a = await loggedInPage(browser, server.url, alice);
    await startChat(a.page, bob.id);
    await a.page.getByTestId('chat-more').click();
    await a.page.getByTestId('detail-history').click();
    await a.page.waitForURL(/pages\/message\/record/);
    await a.page.getByTestId('history-row').first().waitFor();

    await fillTestId(a.page, 'history-search', 'needle');
    await expect.poll(() => a.page.getByTestId('history-row').count(), { timeout: 5000 }).toBe(1);
    expect(await a.page.locator('[data-testid="history-row"] mark').innerText()).toBe('needle');
    await snap(a.page, 'actions-history-search');

    await a.page.getByTestId('history-row').click();
    await a.page.waitForURL(/pages\/message\/chat\?id=\d+&msg_id=\d+/);
    const jumpUrl = a.page.url();
    const target = bubble(a.page, 'The needle in the haystack');
    await target.waitFor({ timeout: 5000 });
    await expect.poll(() => target.isVisible()).toBe(true);
    const box = await target.boundingBox();
    expect(box && box.y > 44 && box.y < 740).toBe(true);
    expect(await a.page.locator('[data-highlight="1"]').count()).toBe(1);
    await snap(a.page, 'actions-history-jump');

    // 170 newer messages wait below the window: scrolling down loads them until the newest.
    const newest = (await messagesOf(server.url, alice, bob.id)).at(-1)?.content ?? '';
    const list = a.page.getByTestId('message-list');
    await expect
      .poll(
        async () => {
          await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
          return bubble(a.page, newest).isVisible();
        },
        { timeout: 15_000, interval: 400 },
      )
      .toBe(true);
    expect(await a.page.getByTestId('to-latest-pill').count()).toBe(0);

    // Opened at the needle again (a fresh load), the pill goes straight to the newest.
    await a.page.goto(jumpUrl);
    await a.page.reload();
    await bubble(a.page, 'The needle in the haystack').waitFor({ timeout: 5000 });
    await a.page.getByTestId('to-latest-pill').click();
    await expect.poll(() => bubble(a.page, newest).isVisible(), { timeout: 5000 }).toBe(true);

    // The chips narrow by kind: no links were sent, so "links" is empty.
    await a.page.goto(`${server.url}/#/pages/message/record?id=${bob.id}`);
    await a.page.getByTestId('history-filter-link').click();
    await a.page.getByTestId('history-empty').waitFor();
    expect(a.errors).toEqual([]);
    await a.page.context().close();
  });

  it('shows the menu as a popover beside the bubble on a desktop window', async () => {
    const a = await loggedInPage(browser, server.url, alice);
    await a.page.setViewportSize({ width: 1280, height: 800 });
    await startChat(a.page, bob.id);
    await rightClick(bubble(a.page, 'filler'));
    const menu = a.page.getByTestId('message-menu');
    await menu.waitFor();
    // Keyboard: the first item has focus; Escape closes the menu.
    expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await snap(a.page, 'actions-menu-desktop');
    await a.page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    expect(a.errors).toEqual([]);
    await a.page.context().close();
  });
});
