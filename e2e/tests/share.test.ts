import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, snap } from '../support/browser';
import { startServer, stopAll, type RunningServer } from '../support/server';
import { apiPost, loggedInPage, openChat, registerTrio, startChat, type Person } from '../support/app';

/** Issue 5, sharing: stickers (manage page, panel, send), locations (chooser, viewer) and contact cards. */

let server: RunningServer;
let browser: Browser;
let alice: Person;
let bob: Person;
let carol: Person;

/** 96 × 96 single-colour PNGs (a yellow and a green sticker). */
const yellowPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAABgCAIAAABt+uBvAAAAjElEQVR42u3QMQ0AAAgDsPm3hTDmgJOrSRU0O+GgQJAgQYIECRIkCEGCBAkSJEiQIAQJEiRIkCBBghAkSJAgQYIECRKEIEGCBAkSJEgQggQJEiRIkCBBCBIkSJAgQYIECUKQIEGCBAkSJAhBggQJEiRIkCAECRIkSJAgQYIEIUiQIEGCBAkShCBBgh4VwgZLshJEvZUAAAAASUVORK5CYII=',
  'base64',
);
const greenPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAABgCAIAAABt+uBvAAAAjklEQVR42u3QMQ0AAAgDsH3YxCrOcMDJ1aQKmprmEAWCBAkSJEiQIEEIEiRIkCBBggQhSJAgQYIECRKEIEGCBAkSJEiQIAQJEiRIkCBBghAkSJAgQYIECUKQIEGCBAkSJEgQggQJEiRIkCBBCBIkSJAgQYIEIUiQIEGCBAkSJAhBggQJEiRIkCAECRL0ZwEYuqJoZaM8tQAAAABJRU5ErkJggg==',
  'base64',
);

const PEOPLE_SQUARE = { latitude: 31.2304, longitude: 121.4737 };

const post = (path: string, body: unknown, token: string) => apiPost(server.url, path, body, token);

/** A phone that lets the app read a fixed position (as a user who allowed location access). */
const at = (position: { latitude: number; longitude: number }) => async (ctx: BrowserContext) => {
  await ctx.grantPermissions(['geolocation']);
  await ctx.setGeolocation(position);
};

/** No page errors on either side; both phones are put away. */
async function finish(...phones: { page: Page; errors: string[] }[]) {
  expect(phones.flatMap((p) => p.errors)).toEqual([]);
  for (const p of phones) await p.page.context().close();
}

const bubbles = (page: Page, type: string) => page.locator(`[data-testid="message-bubble"][data-type="${type}"]`);

beforeAll(async () => {
  server = await startServer();
  browser = await launch();
  [alice, bob, carol] = await registerTrio(server.url);
});
afterAll(() => stopAll(browser, server));

describe('stickers', () => {
  it('alice uploads stickers on the manage page, tidies them, sends one from the panel; bob sees it', async () => {
    const a = await loggedInPage(browser, server.url, alice);
    await startChat(a.page, bob.id);
    await a.page.getByTestId('emoji-button').click();
    await a.page.getByTestId('emoji-tab-manage').click();
    await a.page.waitForURL(/#\/pages\/message\/emoji/);
    await a.page.getByTestId('sticker-empty').waitFor();
    expect(await a.page.getByTestId('sticker-count').innerText()).toBe('0/300');

    await a.page
      .getByTestId('sticker-file')
      .setInputFiles({ name: 'yellow.png', mimeType: 'image/png', buffer: yellowPng });
    await expect.poll(() => a.page.getByTestId('sticker-count').innerText(), { timeout: 10_000 }).toBe('1/300');
    await a.page
      .getByTestId('sticker-file')
      .setInputFiles({ name: 'green.png', mimeType: 'image/png', buffer: greenPng });
    await expect.poll(() => a.page.getByTestId('sticker-count').innerText(), { timeout: 10_000 }).toBe('2/300');
    await expect.poll(() => a.page.getByTestId('sticker-tile').count()).toBe(2);
    await snap(a.page, 'share-stickers-manage');

    // Organise: the green one (newest, first) goes; the yellow one stays.
    await a.page.getByTestId('sticker-organise').click();
    await a.page.getByTestId('sticker-tile').first().click();
    await a.page.getByTestId('sticker-delete').click();
    await a.page.locator('.adm-dialog-button-bold').click();
    await expect.poll(() => a.page.getByTestId('sticker-count').innerText(), { timeout: 5000 }).toBe('1/300');
    await a.page.getByTestId('sticker-organise').click();

    await a.page.goBack();
    await a.page.getByTestId('chat-input').waitFor();
    await a.page.getByTestId('emoji-button').click();
    await a.page.getByTestId('emoji-tab-stickers').click();
    await a.page.getByTestId('sticker-panel').getByTestId('sticker-tile').first().click();
    await expect.poll(() => bubbles(a.page, 'emoji').getAttribute('data-status'), { timeout: 5000 }).toBe('sent');
    await snap(a.page, 'share-stickers-panel');

    const b = await loggedInPage(browser, server.url, bob);
    await openChat(b.page, alice.id);
    const sticker = b.page.getByTestId('sticker-message');
    await sticker.waitFor();
    expect(await sticker.getAttribute('src')).toContain('/storage/');
    await expect.poll(() => sticker.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
    await snap(b.page, 'share-stickers-bob');
    await finish(a, b);
  });
});

describe('locations', () => {
  it('without a maps provider alice still sends where she is; bob opens it with a navigate link', async () => {
    const a = await loggedInPage(browser, server.url, alice, at(PEOPLE_SQUARE));
    await startChat(a.page, bob.id);
    await a.page.getByTestId('chat-plus').click();
    await a.page.getByTestId('plus-entry-location').click();
    const first = a.page.getByTestId('place-row').first();
    await expect.poll(() => first.innerText(), { timeout: 10_000 }).toContain('31.23040, 121.47370');
    expect(await first.innerText()).toContain('当前位置');
    await a.page.getByTestId('location-search-off').waitFor();
    await snap(a.page, 'share-location-chooser-plain');
    await a.page.getByTestId('location-send').click();
    await expect
      .poll(() => bubbles(a.page, 'location').last().getAttribute('data-status'), { timeout: 5000 })
      .toBe('sent');

    const b = await loggedInPage(browser, server.url, bob);
    await openChat(b.page, alice.id);
    await b.page.getByTestId('location-card').last().click();
    const viewer = b.page.getByTestId('location-viewer');
    await viewer.waitFor();
    expect(await b.page.getByTestId('location-viewer-name').innerText()).toBe('我的位置');
    expect(await b.page.getByTestId('location-navigate').getAttribute('href')).toContain(
      'openstreetmap.org/?mlat=31.2304&mlon=121.4737',
    );
    await snap(b.page, 'share-location-viewer');
    await b.page.getByTestId('location-viewer-close').click();
    await viewer.waitFor({ state: 'detached' });
    // The phone's back button closes the viewer and stays in the chat.
    const chatUrl = b.page.url();
    await b.page.getByTestId('location-card').last().click();
    await viewer.waitFor();
    await b.page.goBack();
    await viewer.waitFor({ state: 'detached' });
    expect(b.page.url()).toBe(chatUrl);
    await b.page.getByTestId('location-card').last().waitFor();
    await finish(a, b);
  });

  it('with a maps provider alice searches (debounced, 20 a page) and sends a place', async () => {
    await post(
      '/manage/config/setConfig',
      {
        name: 'maps',
        value: {
          tileUrl: 'https://maps.test/tiles/{z}/{x}/{y}.png',
          searchUrl: 'https://maps.test/search?q={q}&lat={lat}&lon={lng}&limit={limit}&page={page}',
          reverseUrl: 'https://maps.test/reverse?lat={lat}&lon={lng}',
          ipLocationUrl: '',
        },
      },
      alice.token,
    );
    const searches: string[] = [];
    // The provider is a stand-in answering as Nominatim does (the machine has no internet).
    const provider = async (ctx: BrowserContext) => {
      await ctx.route('https://maps.test/**', async (route) => {
        const url = new URL(route.request().url());
        const json = (body: unknown) =>
          route.fulfill({
            status: 200,
            contentType: 'application/json',
            headers: { 'access-control-allow-origin': '*' },
            body: JSON.stringify(body),
          });
        if (url.pathname.startsWith('/tiles/'))
          return route.fulfill({
            status: 200,
            contentType: 'image/png',
            body: Number(url.pathname.split('/')[3]) % 2 ? greenPng : yellowPng,
          });
        if (url.pathname === '/reverse')
          return json({
            lat: url.searchParams.get('lat'),
            lon: url.searchParams.get('lon'),
            name: '人民广场',
            display_name: '人民广场, 黄浦区, 上海市',
          });
        searches.push(url.searchParams.get('q') ?? '');
        const page = Number(url.searchParams.get('page'));
        const count = page === 1 ? 20 : page === 2 ? 3 : 0;
        return json(
          Array.from({ length: count }, (_, i) => {
            const n = (page - 1) * 20 + i + 1;
            return {
              lat: String(31.23 + n / 1000),
              lon: '121.47',
              name: `Cafe ${n}`,
              display_name: `Cafe ${n}, Nanjing Road ${n}, Shanghai`,
            };
          }),
        );
      });
    };
    const a = await loggedInPage(browser, server.url, alice, async (ctx) => {
      await at(PEOPLE_SQUARE)(ctx);
      await provider(ctx);
    });
    await startChat(a.page, bob.id);
    await a.page.getByTestId('chat-plus').click();
    await a.page.getByTestId('plus-entry-location').click();
    const rows = a.page.getByTestId('place-row');
    await expect.poll(() => rows.first().innerText(), { timeout: 10_000 }).toContain('人民广场, 黄浦区');
    await a.page.getByTestId('map').waitFor();

    // Typing character by character sends one search, for the settled words.
    await a.page.getByTestId('location-search').pressSequentially('cafe', { delay: 120 });
    await expect.poll(() => rows.count(), { timeout: 5000 }).toBe(20);
    expect(searches).toEqual(['cafe']);
    await snap(a.page, 'share-location-search');
    await a.page.setViewportSize({ width: 1280, height: 800 });
    await snap(a.page, 'share-location-search-desktop');
    await a.page.setViewportSize({ width: 375, height: 740 });
    await rows.last().scrollIntoViewIfNeeded();
    await a.page.getByTestId('place-list').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => rows.count(), { timeout: 5000 }).toBe(23);
    await rows.filter({ hasText: 'Cafe 22' }).click();
    await expect.poll(() => rows.filter({ hasText: 'Cafe 22' }).getAttribute('aria-checked')).toBe('true');
    // The map shows the chosen place, and the list stays as it was (no search around it).
    expect(searches).toEqual(['cafe', 'cafe']);
    expect(await rows.count()).toBe(23);
    // A window resized (a phone turned) just before Send: the map goes while Leaflet still owes it
    // a move, which must not reach the page as an error.
    await a.page.setViewportSize({ width: 1280, height: 800 });
    await a.page.getByTestId('location-send').click();
    await a.page.setViewportSize({ width: 375, height: 740 });
    await expect.poll(() => bubbles(a.page, 'location').last().innerText(), { timeout: 5000 }).toContain('Cafe 22');
    await expect.poll(() => bubbles(a.page, 'location').last().getAttribute('data-status')).toBe('sent');
    await snap(a.page, 'share-location-sent');

    const b = await loggedInPage(browser, server.url, bob, provider);
    await openChat(b.page, alice.id);
    await expect.poll(() => b.page.getByTestId('location-card').last().innerText()).toContain('Nanjing Road 22');
    await snap(b.page, 'share-location-bob');
    await finish(a, b);
    await post(
      '/manage/config/setConfig',
      { name: 'maps', value: { tileUrl: '', searchUrl: '', reverseUrl: '', ipLocationUrl: '' } },
      alice.token,
    );
  });
});

describe('contact cards', () => {
  it("alice sends carol's card to bob; bob taps it and lands on carol's card", async () => {
    const a = await loggedInPage(browser, server.url, alice);
    await startChat(a.page, bob.id);
    const entry = () => a.page.evaluate(() => (history.state as { idx?: number } | null)?.idx);
    const chatEntry = await entry();
    await a.page.getByTestId('chat-plus').click();
    await a.page.getByTestId('plus-entry-card').click();
    const picker = a.page.getByTestId('card-picker');
    await picker.waitFor();
    await picker.locator(`[data-testid="select-row"][data-id="${carol.id}"]`).click();
    await snap(a.page, 'share-card-confirm');
    expect(await a.page.locator('.adm-dialog-content').innerText()).toContain('Carol');
    await a.page.locator('.adm-dialog-button-bold').click();
    await picker.waitFor({ state: 'detached' });
    await expect
      .poll(() => bubbles(a.page, 'contact').last().getAttribute('data-status'), { timeout: 5000 })
      .toBe('sent');
    await expect.poll(entry).toBe(chatEntry); // the closed picker left no entry for back to land on

    const b = await loggedInPage(browser, server.url, bob);
    await openChat(b.page, alice.id);
    const card = b.page.getByTestId('contact-card').last();
    await expect.poll(() => card.innerText()).toContain('Carol');
    expect(await card.innerText()).toContain('个人名片');
    await snap(b.page, 'share-card-bob');
    await card.click();
    await b.page.waitForURL(new RegExp(`#/pages/contacts/detail\\?id=${carol.id}`));
    await expect.poll(() => b.page.locator('main').innerText()).toContain('Carol');
    await snap(b.page, 'share-card-detail');
    await finish(a, b);
  });
});
