import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, launch, snap } from '../support/browser';
import { startServer, stopAll, type RunningServer } from '../support/server';
import {
  bubbleTexts,
  fillTestId,
  loggedInPage,
  registerTrio,
  row,
  sendByApi,
  signedInState,
  type Person,
} from '../support/app';

/**
 * Issue 15, "Desktop is a real desktop app": at 1280×800 the rail, the conversation list and the
 * open chat side by side; Alt+↓ moves between chats; a file dropped on the chat is sent; the
 * window narrowed to a phone and widened again keeps the open chat and its draft.
 */

let server: RunningServer;
let browser: Browser;
let alice: Person;
let bob: Person;
let carol: Person;

beforeAll(async () => {
  server = await startServer();
  browser = await launch();
  [alice, bob, carol] = await registerTrio(server.url);
  await sendByApi(server.url, bob, alice.id, 'Hi Alice, from Bob');
  await sendByApi(server.url, carol, alice.id, 'Hi Alice, from Carol');
});
afterAll(() => stopAll(browser, server));

/** Alice in a 1280×800 window, signed in. */
async function desktopAlice(): Promise<{ page: Page; errors: string[] }> {
  const ctx = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'zh-CN',
    storageState: await signedInState(server.url, alice),
  });
  const page = await ctx.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${server.url}/#/`);
  await page.getByTestId('rail').waitFor();
  return { page, errors };
}

const listPane = (page: Page) => page.locator('[data-pane="list"]');
const detailPane = (page: Page) => page.locator('[data-pane="detail"]');
const chatId = (page: Page) => new URL(page.url().replace('#/', '')).searchParams.get('id');

describe('two panes at 1280×800', () => {
  it('opens a chat beside the list, highlights its row, and keeps deep links and browser back', async () => {
    const { page, errors } = await desktopAlice();
    // The rail replaces the tab bar; nothing is open yet.
    expect(await page.getByTestId('tabbar-home').count()).toBe(0);
    await page.getByTestId('detail-placeholder').waitFor();
    expect(await page.getByTestId('rail-chats').getAttribute('aria-current')).toBe('page');
    await snap(page, 'desktop-home');

    await row(page, bob.id).click();
    await page.waitForURL(/#\/pages\/message\/chat\?id=/);
    await page.getByTestId('chat-input').waitFor();
    // List and chat side by side, the whole width used.
    const list = await listPane(page).boundingBox();
    const chat = await detailPane(page).boundingBox();
    if (!list || !chat) throw new Error('panes not laid out');
    expect(list.x + list.width).toBeLessThanOrEqual(chat.x + 1);
    expect(list.width).toBeGreaterThanOrEqual(300);
    expect(list.width).toBeLessThanOrEqual(360);
    expect(chat.x + chat.width).toBeGreaterThan(1270);
    expect(await row(page, bob.id).isVisible()).toBe(true);
    expect(await row(page, bob.id).getAttribute('aria-current')).toBe('true');
    expect(await row(page, carol.id).getAttribute('aria-current')).toBeNull();
    // Back would only go to the list beside it.
    expect(await detailPane(page).getByTestId('back').count()).toBe(0);
    await expect.poll(() => bubbleTexts(page)).toEqual(['Hi Alice, from Bob']);

    // Enter sends, Shift+Enter breaks the line.
    await page.getByTestId('chat-input').click();
    await page.keyboard.type('line one');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('line two');
    await page.keyboard.press('Enter');
    await expect.poll(() => bubbleTexts(page)).toEqual(['Hi Alice, from Bob', 'line one\nline two']);
    await snap(page, 'desktop-chat');

    // Address book: the card opens beside it.
    await page.getByTestId('rail-contacts').click();
    await page.getByTestId('address-book').waitFor();
    await page.getByTestId('detail-placeholder').waitFor();
    await page.locator(`[data-testid="contact-row"][data-id="${carol.id}"]`).click();
    await page.waitForURL(/#\/pages\/contacts\/detail/);
    await detailPane(page).getByText('carol01').waitFor();
    expect(await page.locator(`[data-testid="contact-row"][data-id="${carol.id}"]`).getAttribute('aria-current')).toBe(
      'true',
    );
    expect(await detailPane(page).getByTestId('back').count()).toBe(0);
    await snap(page, 'desktop-contact-card');

    // Browser back walks the same pages: the address book, then the chat beside its list.
    await page.goBack();
    await page.getByTestId('detail-placeholder').waitFor();
    await page.goBack();
    await page.waitForURL(/#\/pages\/message\/chat\?id=/);
    await page.getByTestId('chat-input').waitFor();
    expect(chatId(page)).toBe(String(bob.id));
    expect(await row(page, bob.id).getAttribute('aria-current')).toBe('true');

    // A deep link to a card (a new tab) opens the address book beside it.
    const tab = await page.context().newPage();
    const tabErrors = collectPageErrors(tab);
    await tab.goto(`${server.url}/#/pages/contacts/detail?id=${bob.id}`);
    await detailPane(tab).getByText('bob0001').waitFor();
    await tab.getByTestId('address-book').waitFor();
    expect(await tab.getByTestId('rail-contacts').getAttribute('aria-current')).toBe('page');
    expect(await tab.locator(`[data-testid="contact-row"][data-id="${bob.id}"]`).getAttribute('aria-current')).toBe(
      'true',
    );
    await snap(tab, 'desktop-deep-link-card');

    // The chat from the card: the conversation list comes back beside it.
    await detailPane(tab).getByRole('button', { name: '发消息' }).click();
    await tab.waitForURL(/#\/pages\/message\/chat\?id=/);
    await row(tab, bob.id).waitFor();
    expect([...errors, ...tabErrors]).toEqual([]);
    await page.context().close();
  });

  it('moves between conversations with Alt+↓ and Alt+↑, keeping each draft', async () => {
    const { page, errors } = await desktopAlice();
    const rows = page.getByTestId('conversation-row');
    await row(page, carol.id).waitFor();
    const order = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-id') ?? ''));
    // Bob's and Carol's chats, next to each other in the order the list shows them (the empty
    // System notices and Favourites sort last, WeChat's way).
    const people = [String(bob.id), String(carol.id)];
    const [first, next] = order.filter((id) => people.includes(id));
    expect(order.indexOf(next ?? '') - order.indexOf(first ?? '')).toBe(1);
    if (!first || !next) throw new Error(`unexpected list ${order.join(',')}`);

    await row(page, first).click();
    await page.getByTestId('chat-input').waitFor();
    const firstName = await page.getByTestId('chat-title').innerText();
    await fillTestId(page, 'chat-input', 'a draft to keep');
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => chatId(page)).toBe(next);
    await expect.poll(() => row(page, next).getAttribute('aria-current')).toBe('true');
    expect(await row(page, first).getAttribute('aria-current')).toBeNull();
    await snap(page, 'desktop-alt-down');

    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => chatId(page)).toBe(first);
    await expect.poll(() => page.getByTestId('chat-title').innerText()).toBe(firstName);
    expect(await page.getByTestId('chat-input').inputValue()).toBe('a draft to keep');
    const last = order[order.length - 1] ?? '';
    await row(page, last).click();
    await expect.poll(() => row(page, last).getAttribute('aria-current')).toBe('true');
    // Past the last row nothing moves. Keys are handled in order, so the Alt+ArrowUp after it is
    // the barrier: had the Alt+ArrowDown moved anywhere (wrapped to the top, say), the Alt+ArrowUp
    // would not land on the row just above the last one.
    await page.keyboard.press('Alt+ArrowDown');
    await page.keyboard.press('Alt+ArrowUp');
    const beforeLast = order[order.length - 2] ?? '';
    await expect.poll(() => row(page, beforeLast).getAttribute('aria-current')).toBe('true');
    expect(await row(page, last).getAttribute('aria-current')).toBeNull();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('sends a file dropped onto the chat, after showing where it goes', async () => {
    const { page, errors } = await desktopAlice();
    const b = await loggedInPage(browser, server.url, bob);
    await row(page, bob.id).click();
    await page.getByTestId('chat-input').waitFor();
    const before = await page.getByTestId('file-body').count();

    const dt = await page.evaluateHandle(() => {
      const d = new DataTransfer();
      d.items.add(new File(['minutes of the meeting '.repeat(100)], '会议纪要.pdf', { type: 'application/pdf' }));
      return d;
    });
    const target = page.getByTestId('message-list');
    await target.dispatchEvent('dragenter', { dataTransfer: dt });
    await page.getByTestId('drop-hint').waitFor();
    expect(await page.getByTestId('drop-hint').innerText()).toContain('Bob');
    await snap(page, 'desktop-drop-hint');
    await target.dispatchEvent('dragover', { dataTransfer: dt });
    await target.dispatchEvent('drop', { dataTransfer: dt });
    await expect.poll(() => page.getByTestId('drop-hint').count()).toBe(0);
    await page.getByText('发送这1个文件？').waitFor();
    await page.getByRole('button', { name: '发送', exact: true }).last().click();

    await expect.poll(() => page.getByTestId('file-body').count(), { timeout: 10_000 }).toBe(before + 1);
    expect(await page.getByTestId('file-body').last().innerText()).toContain('会议纪要.pdf');
    // Bob gets it as a file message.
    await expect.poll(() => row(b.page, alice.id).innerText(), { timeout: 5000 }).toContain('[文件]');
    expect([...errors, ...b.errors]).toEqual([]);
    await page.context().close();
    await b.page.context().close();
  });

  it('keeps the open chat and its draft when the window narrows to a phone and widens again', async () => {
    const { page, errors } = await desktopAlice();
    await row(page, bob.id).click();
    await page.getByTestId('chat-input').waitFor();
    await fillTestId(page, 'chat-input', 'half-written reply');
    const input = page.getByTestId('chat-input');

    await page.setViewportSize({ width: 375, height: 812 });
    await expect.poll(() => page.getByTestId('rail').count()).toBe(0);
    expect(await page.locator('[data-pane="list"]').count()).toBe(0);
    // The phone's chat: full width with its back button, no tab bar.
    await page.getByTestId('back').waitFor();
    expect(await page.getByTestId('tabbar-home').count()).toBe(0);
    expect(await input.inputValue()).toBe('half-written reply');
    expect((await page.getByTestId('message-list').boundingBox())?.width).toBe(375);
    await snap(page, 'desktop-narrowed-chat');

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('rail').waitFor();
    await row(page, bob.id).waitFor();
    expect(await input.inputValue()).toBe('half-written reply');
    expect(chatId(page)).toBe(String(bob.id));

    // Back to the phone at home: the tab bar, no rail.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByTestId('back').click();
    await page.getByTestId('tabbar-home').waitFor();
    expect(await page.getByTestId('rail').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('closes an overlay with Esc and goes to search with Ctrl+K', async () => {
    const { page, errors } = await desktopAlice();
    await row(page, bob.id).click({ button: 'right' });
    const sheet = page.locator('.adm-action-sheet');
    await sheet.waitFor();
    // Esc closes the topmost overlay through its mask: wait until the mask is shown (on a busy
    // machine the sheet is in the page a moment before its mask).
    await page.locator('.adm-mask:not(.adm-toast-mask)').last().waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    // The sheet slides away (an animation of a few hundred ms).
    await expect.poll(() => sheet.isVisible(), { timeout: 5000 }).toBe(false);
    // Esc did not leave the page nor change anything.
    expect(chatId(page)).toBeNull();

    await page.keyboard.press('Control+k');
    await page.waitForURL(/#\/pages\/index\/search/);
    // Search is a page beside the list, like any other.
    await page.getByTestId('rail').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
