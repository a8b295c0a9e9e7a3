import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, snap } from '../support/browser';
import { startServer, stopAll, type RunningServer } from '../support/server';
import { createGroupByApi, loggedInPage, openChat, registerTrio, row, type Person } from '../support/app';

/**
 * Issue 15, "never a crash page": home → group chat → ··· → 群公告 used to crash the whole app
 * when taken quickly (the editor was read after it was destroyed). Taken fast, five times.
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
});
afterAll(() => stopAll(browser, server));

let gid = '';

describe('group notice editor', () => {
  it('opens from home → group → ··· → notice five times quickly without a crash', async () => {
    gid = await createGroupByApi(server.url, alice, [bob.id, carol.id], 'Notice team');
    const { page, errors } = await loggedInPage(browser, server.url, alice);
    // A slow phone: React's commit then lands later than the editor's scheduled clean-up, the
    // timing that crashed on real devices. (Chromium's CPU throttling, not a sleep.)
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

    for (let i = 0; i < 5; i++) {
      await openChat(page, gid);
      await page.getByTestId('chat-more').click();
      await page.getByTestId('detail-notice').click();
      await page.getByTestId('editor-body').locator('.ProseMirror').waitFor();
      // The path must land in the editor, never in an error page.
      expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
      await page
        .getByRole('button', { name: /取消|Cancel/ })
        .first()
        .click();
      await page.getByTestId('editor-body').waitFor({ state: 'detached' });
      await page.goto(`${server.url}/#/pages/index/index`);
      await page.getByTestId('tabbar-home').waitFor();
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('keeps H1–H3 through save and reload, and shows them as rich text to members', async () => {
    const { page, errors } = await loggedInPage(browser, server.url, alice);
    // Write three headings and a paragraph, save, and find them at their levels after a reload.
    await openChat(page, gid);
    await page.getByTestId('chat-more').click();
    await page.getByTestId('detail-notice').click();
    const body = page.getByTestId('editor-body').locator('.ProseMirror');
    await body.click();
    await page.getByTestId('editor-h1').click();
    await page.keyboard.type('Weekly plan');
    await page.keyboard.press('Enter');
    await page.getByTestId('editor-h2').click();
    await page.keyboard.type('Monday');
    await page.keyboard.press('Enter');
    await page.getByTestId('editor-h3').click();
    await page.keyboard.type('Standup');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Ship on Friday');
    await page.getByTestId('editor-save').click();
    await page.getByTestId('editor-body').waitFor({ state: 'detached' });

    // The group detail shows the notice as rich text, headings included.
    const preview = page.getByTestId('detail-notice-preview');
    await expect
      .poll(() =>
        preview
          .locator('h1')
          .innerText()
          .catch(() => ''),
      )
      .toBe('Weekly plan');
    expect(await preview.locator('h2').innerText()).toBe('Monday');
    expect(await preview.locator('h3').innerText()).toBe('Standup');
    await snap(page, 'group-notice-detail');

    await page.reload();
    await page.getByTestId('detail-notice').click();
    const editor = page.getByTestId('editor-body').locator('.ProseMirror');
    await editor.locator('h1').waitFor();
    expect(await editor.locator('h1').innerText()).toBe('Weekly plan');
    expect(await editor.locator('h2').innerText()).toBe('Monday');
    expect(await editor.locator('h3').innerText()).toBe('Standup');
    expect(await editor.locator('p', { hasText: 'Ship on Friday' }).count()).toBe(1);
    await snap(page, 'group-notice-editor');
    expect(errors).toEqual([]);

    // A member reads the same headings, not plain text.
    const b = await loggedInPage(browser, server.url, bob);
    await openChat(b.page, gid);
    await b.page.getByTestId('chat-more').click();
    await b.page.getByTestId('detail-notice').click();
    await b.page.getByTestId('notice-full').locator('h1').waitFor();
    expect(await b.page.getByTestId('notice-full').locator('h3').innerText()).toBe('Standup');
    await snap(b.page, 'group-notice-member');
    expect(b.errors).toEqual([]);
  });
  it('shows the notice line in the chat with its headings, its lead in the reader’s language', async () => {
    // Saved above from a Chinese browser: the server wrote "群公告：@all …" (PROTOCOL §6 setNotice).
    const zh = await loggedInPage(browser, server.url, bob);
    await openChat(zh.page, gid);
    const zhLine = zh.page.getByTestId('notice-line').last();
    await zhLine.waitFor();
    expect(await zhLine.innerText()).toMatch(/^群公告：@所有人/);
    expect(await zhLine.locator('h1').innerText()).toBe('Weekly plan');
    expect(await zhLine.locator('h2').innerText()).toBe('Monday');
    expect(await zhLine.locator('h3').innerText()).toBe('Standup');
    await zh.page.setViewportSize({ width: 390, height: 844 });
    await snap(zh.page, 'group-notice-line-zh-390');
    expect(zh.errors).toEqual([]);

    // An English reader of the same row reads the lead in English, on home and in the chat.
    const en = await loggedInPage(browser, server.url, carol, async (ctx) => {
      await ctx.addInitScript(() => localStorage.setItem('parley.lang', 'en'));
    });
    expect(await row(en.page, gid).innerText()).toContain('Group notice: @Everyone');
    await openChat(en.page, gid);
    const enLine = en.page.getByTestId('notice-line').last();
    await enLine.waitFor();
    expect(await enLine.innerText()).toMatch(/^Group notice: @Everyone/);
    expect(await enLine.locator('h1').innerText()).toBe('Weekly plan');
    await en.page.setViewportSize({ width: 390, height: 844 });
    await snap(en.page, 'group-notice-line-en-390');
    await en.page.setViewportSize({ width: 1280, height: 800 });
    await snap(en.page, 'group-notice-line-en-1280');
    await zh.page.setViewportSize({ width: 1280, height: 800 });
    await snap(zh.page, 'group-notice-line-zh-1280');
    expect(en.errors).toEqual([]);
  });
});
