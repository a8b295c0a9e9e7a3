import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { launch, phoneContext, snap } from '../support/browser';
import { startServer, stopAll, type RunningServer } from '../support/server';
import { apiPost, loggedInPage, openChat, registerTrio, sendByApi, type Person } from '../support/app';

/**
 * Issue 42 #9: axe-core finds nothing on login, home, a chat (with a quote and a file card), Me
 * and the admin console, at phone and desktop size, so it stays that way.
 */

let server: RunningServer;
let browser: Browser;
let alice: Person;
let bob: Person;

beforeAll(async () => {
  server = await startServer();
  browser = await launch();
  [alice, bob] = await registerTrio(server.url);
  // A chat with what the issue found: a quoted line and a file card.
  const asked = await sendByApi(server.url, bob, alice.id, '你好，我是张伟 😀👍🎉');
  await apiPost(
    server.url,
    '/enterprise/im/sendMessage',
    { id: crypto.randomUUID(), type: 'text', content: 'Nice to meet you', toContactId: bob.id, pid: asked.msg_id },
    alice.token,
  );
  const form = new FormData();
  form.append('file', new Blob(['minutes of the meeting'], { type: 'text/plain' }), 'minutes.txt');
  form.append('message', JSON.stringify({ id: crypto.randomUUID(), type: 'file', toContactId: alice.id }));
  const res = await fetch(`${server.url}/common/upload/uploadFile`, {
    method: 'POST',
    headers: { authorization: bob.token },
    body: form,
  });
  expect(((await res.json()) as { code: number }).code).toBe(0);
});
afterAll(() => stopAll(browser, server));

/** No violation, named with where it is so a failure says what to fix. */
async function clean(page: Page, name: string) {
  // A passing toast is measured mid-fade (its colours blended); the page under it is what counts.
  await expect.poll(() => page.locator('.adm-toast-mask').count(), { timeout: 10_000 }).toBe(0);
  expect(await axeViolations(page), name).toEqual([]);
}

describe('accessibility (axe-core)', () => {
  it('finds nothing on the login page', async () => {
    const page = await (await phoneContext(browser)).newPage();
    await page.goto(`${server.url}/#/pages/login/index`);
    await page.getByTestId('login-submit').waitFor();
    await clean(page, 'login');
    await page.context().close();
  });

  it('finds nothing on home, a chat and Me at phone size, and on the admin console at a desktop', async () => {
    const { page, errors } = await loggedInPage(browser, server.url, alice);
    await page.getByTestId('conversation-row').first().waitFor();
    await clean(page, 'home');
    await openChat(page, bob.id);
    await page.getByTestId('quoted-preview').first().waitFor();
    await page.getByText('minutes', { exact: false }).first().waitFor();
    await clean(page, 'chat');
    await snap(page, 'a11y-chat-phone');
    await page.goto(`${server.url}/#/pages/mine/index`);
    // The Me screen itself, not its loading state (the lazy screen's code may still be arriving).
    await page.getByTestId('mine-qrcode').waitFor();
    await clean(page, 'me');

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.url}/#/pages/index/index`);
    await page.getByTestId('conversation-row').first().waitFor();
    await clean(page, 'home, desktop');
    await page.getByTestId('rail-admin').click();
    await page.getByTestId('admin').waitFor();
    await clean(page, 'admin');
    await snap(page, 'a11y-admin-desktop');
    expect(errors).toEqual([]);
  });
});
