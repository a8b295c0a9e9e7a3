import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, snap } from '../support/browser';
import { startServer, stopAll, type RunningServer } from '../support/server';
import { apiPost, fillTestId, loggedInPage, registerPerson, type Person } from '../support/app';

/**
 * Issue 21, Moments and Discover in several browsers. Circles: alice ↔ bob, alice ↔ dave;
 * carol knows nobody. So carol never sees alice's posts, and dave (not bob's contact) sees
 * alice's post but not bob's like or comment on it.
 */

let server: RunningServer;
let browser: Browser;
let alice: Person;
let bob: Person;
let carol: Person;
let dave: Person;

const api = (path: string, body: unknown, token: string) => apiPost(server.url, path, body, token);

/** A friendship the way people make one: a request and its acceptance. */
async function befriend(a: Person, b: Person): Promise<void> {
  await api('/enterprise/friend/add', { user_id: b.id }, a.token);
  const list = (await api('/enterprise/friend/index', { is_mine: 0 }, b.token)) as Array<{
    friend_id: number;
    create_user: number;
  }>;
  const req = list.find((r) => r.create_user === a.id);
  if (!req) throw new Error('no request');
  await api('/enterprise/friend/update', { friend_id: req.friend_id, status: 1 }, b.token);
}

/** A picture made by the browser itself (no image files in the repository). */
async function picture(page: Page, colour: string): Promise<Buffer> {
  const url = await page.evaluate((c) => {
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 360;
    const g = canvas.getContext('2d') as CanvasRenderingContext2D;
    g.fillStyle = c;
    g.fillRect(0, 0, 480, 360);
    g.fillStyle = '#fff';
    g.beginPath();
    g.arc(240, 180, 90, 0, Math.PI * 2);
    g.fill();
    return canvas.toDataURL('image/png');
  }, colour);
  return Buffer.from(url.split(',')[1] as string, 'base64');
}

const post = (page: Page) => page.locator('[data-testid="moment"]').filter({ hasText: 'Lunch by the river' });

beforeAll(async () => {
  server = await startServer();
  browser = await launch();
  alice = await registerPerson(server.url, 'alice01', 'Alice');
  bob = await registerPerson(server.url, 'bob0001', 'Bob');
  carol = await registerPerson(server.url, 'carol01', 'Carol');
  dave = await registerPerson(server.url, 'dave001', 'Dave');
  await befriend(alice, bob);
  await befriend(alice, dave);
});
afterAll(() => stopAll(browser, server));

describe('moments in three browsers', () => {
  it('alice posts, bob sees the dot live, likes and comments, alice replies; carol never sees it; deletion reaches bob', async () => {
    const a = await loggedInPage(browser, server.url, alice);
    const b = await loggedInPage(browser, server.url, bob);
    const c = await loggedInPage(browser, server.url, carol);
    await b.page.getByTestId('home-discover').waitFor();
    expect(await b.page.getByTestId('discover-dot').count()).toBe(0);

    // Alice: home → Discover → Moments → camera → two pictures and a line.
    await a.page.getByTestId('home-discover').click();
    await a.page.getByTestId('discover-moments').click();
    await a.page.getByTestId('moments-empty').waitFor();
    await a.page.getByTestId('moments-publish').click();
    await fillTestId(a.page, 'publish-text', 'Lunch by the river https://example.com/menu');
    await a.page.getByTestId('publish-file-input').setInputFiles([
      { name: 'one.png', mimeType: 'image/png', buffer: await picture(a.page, '#2a7') },
      { name: 'two.png', mimeType: 'image/png', buffer: await picture(a.page, '#c52') },
    ]);
    await expect
      .poll(() => a.page.locator('[data-testid="publish-tile"][data-status="done"]').count(), { timeout: 10_000 })
      .toBe(2);
    // Reorder before sending: the red one first.
    await a.page.getByTestId('publish-move-left').last().click();
    await snap(a.page, 'moments-publish-phone');
    await a.page.getByTestId('publish-send').click();
    await post(a.page).waitFor();
    expect(await post(a.page).getByTestId('moment-image').count()).toBe(2);
    expect(await post(a.page).locator('a[href="https://example.com/menu"]').count()).toBe(1);

    // Bob: the dot appears on home without a reload; Discover shows alice's avatar.
    await b.page.getByTestId('discover-dot').waitFor({ timeout: 5000 });
    await b.page.getByTestId('home-discover').click();
    await b.page.getByTestId('discover-new-post').waitFor();
    await snap(b.page, 'moments-discover-phone');
    await b.page.getByTestId('discover-moments').click();
    await post(b.page).waitFor();
    // The pictures open in the viewer and swipe to the next one.
    await post(b.page).getByTestId('moment-image').first().click();
    const viewer = b.page.getByTestId('image-viewer');
    await viewer.waitFor();
    await expect.poll(() => viewer.innerText()).toContain('1 / 2');
    await b.page.keyboard.press('ArrowRight');
    await expect.poll(() => viewer.innerText()).toContain('2 / 2');
    await b.page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    // Like and comment.
    await post(b.page).getByTestId('moment-like').click();
    await expect.poll(() => post(b.page).getByTestId('moment-likes').innerText()).toContain('Bob');
    await post(b.page).getByTestId('moment-comment').click();
    await fillTestId(b.page, 'comment-input', 'Looks delicious');
    await b.page.getByTestId('comment-send').click();
    await expect.poll(() => post(b.page).getByTestId('moment-comments').innerText()).toContain('Looks delicious');
    // Back on home, the dot has gone: bob has read the feed.
    await b.page.goto(`${server.url}/#/`);
    await expect.poll(() => b.page.getByTestId('home-discover').getAttribute('data-news')).toBe('0');
    expect(await b.page.getByTestId('discover-dot').count()).toBe(0);

    // Alice: the notice badge follows the pushes live on her feed.
    await expect.poll(() => a.page.getByTestId('moments-notice-badge').count(), { timeout: 5000 }).toBe(1);
    await expect.poll(() => a.page.getByTestId('moments-notice-badge').innerText()).toContain('2');
    await snap(a.page, 'moments-feed-alice-phone');
    await a.page.getByTestId('moments-notice-badge').click();
    await expect.poll(() => a.page.getByTestId('notice').count()).toBe(2);
    expect(await a.page.getByTestId('notice').first().getAttribute('data-kind')).toBe('comment');
    await snap(a.page, 'moments-notices-phone');
    await a.page.goBack();
    await post(a.page).waitFor();
    await expect.poll(() => a.page.getByTestId('moments-cover').getAttribute('data-notices')).toBe('0');
    expect(await a.page.getByTestId('moments-notice-badge').count()).toBe(0);
    // She replies to bob's comment.
    await post(a.page).getByTestId('moment-comment-row').filter({ hasText: 'Looks delicious' }).click();
    await fillTestId(a.page, 'comment-input', 'Come along next time');
    await a.page.getByTestId('comment-send').click();
    await expect.poll(() => post(a.page).getByTestId('moment-comments').innerText()).toContain('Come along next time');
    expect(await post(a.page).getByTestId('moment-comments').innerText()).toMatch(/Alice\s*回复\s*Bob/);

    // Carol knows nobody: no dot, an empty feed, and never the post.
    await c.page.getByTestId('home-discover').click();
    expect(await c.page.getByTestId('discover-new-post').count()).toBe(0);
    await c.page.getByTestId('discover-moments').click();
    await c.page.getByTestId('moments-empty').waitFor();
    expect(await post(c.page).count()).toBe(0);
    await c.page.goto(`${server.url}/#/pages/compass/moments?user_id=${alice.id}`);
    await c.page.getByTestId('moments-empty').waitFor();
    expect(await post(c.page).count()).toBe(0);

    // Dave is alice's contact but not bob's: alice's reply shows, bob's like and comment do not.
    const d = await loggedInPage(browser, server.url, dave);
    await d.page.goto(`${server.url}/#/pages/compass/moments`);
    await post(d.page).waitFor();
    await expect.poll(() => post(d.page).getByTestId('moment-comments').innerText()).toContain('Come along next time');
    expect(await post(d.page).innerText()).not.toContain('Looks delicious');
    expect(await post(d.page).getByTestId('moment-likes').count()).toBe(0);
    await snap(d.page, 'moments-feed-dave-phone');

    // Alice deletes the post; bob's feed loses it on refresh.
    await b.page.goto(`${server.url}/#/pages/compass/moments`);
    await post(b.page).waitFor();
    await post(a.page).getByTestId('moment-delete').click();
    await a.page.locator('.adm-dialog-button-bold').click();
    await post(a.page).waitFor({ state: 'detached' });
    await b.page.reload();
    await b.page.getByTestId('moments-cover').waitFor();
    await b.page.getByTestId('moments-empty').waitFor();
    expect(await post(b.page).count()).toBe(0);

    for (const p of [a, b, c, d]) expect(p.errors).toEqual([]);
  }, 240_000);

  it('shows the feed and Discover at desktop size', async () => {
    await api('/enterprise/moments/publish', { content: 'Desktop check: a quiet afternoon.' }, alice.token);
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    // The English interface, as chosen with the language switch.
    await ctx.addInitScript(() => localStorage.setItem('parley.lang', 'en'));
    const page = await ctx.newPage();
    await page.goto(`${server.url}/#/pages/login/index`);
    await fillTestId(page, 'login-account', bob.account);
    await fillTestId(page, 'login-password', bob.password);
    await page.getByTestId('login-submit').click();
    // The rail's Discover shows the dot for alice's new post, then the list beside the feed.
    await page.getByTestId('rail-discover-badge-dot').waitFor();
    await page.getByTestId('rail-discover').click();
    await page.getByTestId('discover-moments').waitFor();
    expect(await page.getByTestId('discover-moments').innerText()).toContain('Moments');
    await snap(page, 'moments-discover-desktop');
    await page.getByTestId('discover-moments').click();
    await page.locator('[data-testid="moment"]').first().waitFor();
    await expect.poll(() => page.getByTestId('rail-discover-badge-dot').count()).toBe(0);
    await snap(page, 'moments-feed-desktop');
    await ctx.close();
  });
});
