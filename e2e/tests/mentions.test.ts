import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, snap } from '../support/browser';
import { startServer, stopAll, type RunningServer } from '../support/server';
import { apiPost, createGroupByApi, loggedInPage, openChat, registerTrio, row, type Person } from '../support/app';

/**
 * Issue 42 #1: B writes "@A …" in a group, C writes to everyone, then 20 more lines; A opens the
 * group. The mention jump shows with its count however the atMsgList push and the page answer
 * race, and each tap brings the next mention, oldest first, into view.
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

const say = (from: Person, to: string, content: string, at: number[] = []) =>
  apiPost(
    server.url,
    '/enterprise/im/sendMessage',
    { id: crypto.randomUUID(), type: 'text', content, toContactId: to, ...(at.length ? { at } : {}) },
    from.token,
  );

/** The bubble holding `text` is inside the message list's visible box. */
async function inView(page: Page, text: string): Promise<boolean> {
  return page.evaluate((t) => {
    const list = document.querySelector('[data-testid="message-list"]');
    const bubble = [...document.querySelectorAll('[data-testid="message-bubble"]')].find((b) =>
      b.textContent?.includes(t),
    );
    if (!list || !bubble) return false;
    const l = list.getBoundingClientRect();
    const b = bubble.getBoundingClientRect();
    return b.bottom > l.top && b.top < l.bottom;
  }, text);
}

describe('someone mentioned you', () => {
  it('shows the jump with the count on opening the group, and visits each mention in turn', async () => {
    const gid = await createGroupByApi(server.url, bob, [alice.id, carol.id], 'Mentions');
    await say(bob, gid, '@Alice please look at the plan', [alice.id]);
    for (let i = 0; i < 4; i++) await say(bob, gid, `plan detail ${i}`);
    await say(carol, gid, '@所有人 meeting at three', [0]);
    for (let i = 0; i < 20; i++) await say(carol, gid, `chatter ${i}`);

    const { page, errors } = await loggedInPage(browser, server.url, alice);
    await expect.poll(() => row(page, gid).innerText()).toContain('[有人@我]');
    await openChat(page, gid);
    const pill = page.getByTestId('at-me-pill');
    await pill.waitFor();
    expect(await page.getByTestId('at-me-count').innerText()).toBe('2');
    await snap(page, 'mentions-pill-phone-zh');

    await pill.click();
    await expect.poll(() => inView(page, '@Alice please look at the plan')).toBe(true);
    await expect.poll(() => page.getByTestId('at-me-count').innerText()).toBe('1');
    await snap(page, 'mentions-first-phone-zh');

    await pill.click();
    await expect.poll(() => inView(page, '@所有人 meeting at three')).toBe(true);
    await page.getByTestId('at-me-pill').waitFor({ state: 'detached' });

    // Read on the server too: opening the group again shows no jump.
    await page.goBack();
    await expect.poll(() => row(page, gid).innerText()).not.toContain('[有人@我]');
    const left = (await apiPost(server.url, '/enterprise/im/getContactInfo', { id: gid }, alice.token)) as {
      is_at: number;
    };
    expect(left.is_at).toBe(0);
    expect(errors).toEqual([]);
  });
});
