import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, snap } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';
import { createGroupByApi, enterpriseMode, loggedInPage, openChat, registerPerson, type Person } from '../support/app';

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
  alice = await registerPerson(server.url, 'alice01', 'Alice');
  bob = await registerPerson(server.url, 'bob0001', 'Bob');
  carol = await registerPerson(server.url, 'carol01', 'Carol');
  await enterpriseMode(server.url, alice);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('group notice editor', () => {
  it('opens from home → group → ··· → notice five times quickly without a crash and keeps a heading through save and reload', async () => {
    const gid = await createGroupByApi(server.url, alice, [bob.id, carol.id], 'Notice team');
    const { page, errors } = await loggedInPage(browser, server.url, alice);
    // A slow phone: React's commit then lands later than the editor's scheduled clean-up, the
    // timing that crashed on real devices. (Chromium's CPU throttling, not a sleep.)
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });

    for (let i = 0; i < 5; i++) {
      await openChat(page, gid);
      await page.getByTestId('chat-more').click();
      await page.getByTestId('detail-notice').click();
      await page.getByTestId('editor-body').locator('.ProseMirror').waitFor();
      // The path must land in the editor, never in an error page.
      expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
      await page.getByRole('button', { name: /取消|Cancel/ }).first().click();
      await page.getByTestId('editor-body').waitFor({ state: 'detached' });
      await page.goto(`${server.url}/#/pages/index/index`);
      await page.getByTestId('tabbar-home').waitFor();
    }
    expect(errors).toEqual([]);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    // Write a heading and a paragraph, save, and find the heading again after a reload.
    await openChat(page, gid);
    await page.getByTestId('chat-more').click();
    await page.getByTestId('detail-notice').click();
    const body = page.getByTestId('editor-body').locator('.ProseMirror');
    await body.click();
    await page.getByTestId('editor-h2').click();
    await page.keyboard.type('Weekly plan');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Ship on Friday');
    await page.getByTestId('editor-save').click();
    await page.getByTestId('editor-body').waitFor({ state: 'detached' });

    await page.reload();
    await page.getByTestId('detail-notice').click();
    const heading = page.getByTestId('editor-body').locator('.ProseMirror h2');
    await heading.waitFor();
    expect(await heading.innerText()).toBe('Weekly plan');
    await snap(page, 'group-notice-editor');
    expect(errors).toEqual([]);
  });
});
