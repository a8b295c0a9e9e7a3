import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, launch, phoneContext, snap } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';
import { startMailCatcher, type MailCatcher } from '../support/mail';
import {
  fillTestId,
  loggedInPage,
  noisyPng,
  registerPerson,
  row,
  sendByApi,
  settledBox,
  type Person,
} from '../support/app';

/**
 * Issue 17 in the browser: Me and its pages, code sign-in, forgot password, settings followed
 * on a second device. Codes are read from a loopback SMTP mailbox the server sends to.
 */

let server: RunningServer;
let mail: MailCatcher;
let browser: Browser;
let alice: Person;

async function post(path: string, body: unknown, token?: string) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; msg: string; data: unknown };
}

/** A person with an e-mail address (where codes go for a plain account name). */
async function personWithMail(account: string, realname: string, email: string): Promise<Person> {
  const reg = await post('/common/pub/register', { account, realname, password: 'secret123', email });
  expect(reg.code, reg.msg).toBe(0);
  const login = await post('/common/pub/login', { account, password: 'secret123', terminal: 'app' });
  return {
    id: (reg.data as { user_id: number }).user_id,
    account,
    realname,
    password: 'secret123',
    token: (login.data as { authToken: string }).authToken,
  };
}

const english = async (ctx: BrowserContext): Promise<void> => {
  await ctx.addInitScript(() => localStorage.setItem('parley.lang', 'en'));
};

async function openMe(page: Page) {
  await page.getByTestId('me-button').click();
  await page.waitForURL(/#\/pages\/mine\/index/);
}

async function modalFill(page: Page, value: string, confirm: RegExp) {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.locator('textarea').first().fill(value);
  await dialog.getByRole('button', { name: confirm }).click();
  await dialog.waitFor({ state: 'detached' });
}

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startServer({ SMTP_URL: mail.url, PARLEY_MAIL_FROM: 'Parley <codes@example.com>' });
  browser = await launch();
  alice = await registerPerson(server.url, 'alice01', 'Alice');
  // Everyone is a contact, and one person may be signed in on several browsers at once.
  const set = await post(
    '/manage/config/setConfig',
    { name: 'sysInfo', value: { runMode: 1, multipleLogin: 1 } },
    alice.token,
  );
  expect(set.code, set.msg).toBe(0);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mail?.close();
});

describe('Me', () => {
  it('changes the avatar with a crop, the name and the motto; a friend sees them without reloading', async () => {
    const bob = await registerPerson(server.url, 'bob0001', 'Bob');
    await sendByApi(server.url, alice, bob.id, 'hello Bob');
    const b = await loggedInPage(browser, server.url, bob);
    await row(b.page, alice.id).waitFor();

    const a = await loggedInPage(browser, server.url, alice);
    await openMe(a.page);
    await a.page.getByTestId('mine-profile').waitFor();
    await snap(a.page, 'me-phone-zh');
    await a.page.getByTestId('profile-card-open').click();
    await a.page.waitForURL(/#\/pages\/mine\/profile/);

    // A wide picture: the cropper shows a square of it, moved and zoomed by the user.
    await a.page
      .getByTestId('avatar-album-input')
      .setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: await noisyPng(a.page, 480, 300) });
    const view = a.page.getByTestId('crop-view');
    const box = await settledBox(view);
    await expect.poll(() => a.page.getByTestId('crop-confirm').isEnabled()).toBe(true);
    await a.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await a.page.mouse.down();
    await a.page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2, { steps: 4 });
    await a.page.mouse.up();
    await a.page.getByTestId('crop-zoom').focus();
    // PageUp moves a range input by a tenth of its span: a person's few key presses.
    for (let i = 0; i < 2; i++) await a.page.keyboard.press('PageUp');
    await expect.poll(async () => Number(await a.page.getByTestId('crop-zoom').inputValue())).toBeGreaterThan(1.2);
    await snap(a.page, 'avatar-crop-phone');
    await a.page.getByTestId('crop-confirm').click();
    await a.page.getByTestId('avatar-cropper').waitFor({ state: 'detached' });

    const mine = a.page.getByTestId('profile-avatar').locator('img');
    await expect.poll(() => mine.getAttribute('src'), { timeout: 15_000 }).toMatch(/\/storage\//);
    const src = (await mine.getAttribute('src')) ?? '';
    // The stored avatar is the square the user chose.
    const size = await a.page.evaluate(async (url) => {
      const img = new Image();
      img.src = url;
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    }, src);
    expect(size[0]).toBe(size[1]);
    // Bob's list shows the new face without a reload.
    await expect.poll(() => row(b.page, alice.id).locator('img').getAttribute('src'), { timeout: 10_000 }).toBe(src);

    await a.page.getByTestId('profile-name').click();
    await modalFill(a.page, 'Alice Wonder', /确定|OK/);
    await expect.poll(() => a.page.getByTestId('profile-name').innerText()).toContain('Alice Wonder');
    await a.page.getByTestId('profile-motto').click();
    await modalFill(a.page, 'Hello from Parley', /确定|OK/);
    await expect.poll(() => a.page.getByTestId('profile-motto').innerText()).toContain('Hello from Parley');
    await snap(a.page, 'profile-phone-zh');

    await a.page.goBack();
    await a.page.waitForURL(/#\/pages\/mine\/index/);
    await expect.poll(() => a.page.getByTestId('profile-card-name').innerText()).toBe('Alice Wonder');
    await expect.poll(() => a.page.getByTestId('profile-card-motto').innerText()).toBe('Hello from Parley');
    await expect.poll(() => row(b.page, alice.id).innerText(), { timeout: 10_000 }).toContain('Alice Wonder');
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  }, 180_000);

  it('a password change sends the other browser to login and keeps this one (English)', async () => {
    const dave = await registerPerson(server.url, 'dave0001', 'Dave');
    const d1 = await loggedInPage(browser, server.url, dave, english);
    const d2 = await loggedInPage(browser, server.url, dave, english);
    await openMe(d1.page);
    await d1.page.getByTestId('mine-secure').click();
    await d1.page.getByTestId('secure-password').click();
    await fillTestId(d1.page, 'password-old', dave.password);
    await fillTestId(d1.page, 'password-new', 'newpass99');
    await fillTestId(d1.page, 'password-new2', 'newpass98');
    await d1.page.getByTestId('password-submit').click();
    await d1.page.getByText('The two passwords do not match').first().waitFor();
    await fillTestId(d1.page, 'password-new2', 'newpass99');
    await snap(d1.page, 'secure-phone-en');
    await d1.page.getByTestId('password-submit').click();
    // Saved: the form closes (the toast says so briefly).
    await d1.page.getByTestId('password-form').waitFor({ state: 'detached', timeout: 15_000 });

    await d2.page.waitForURL(/#\/pages\/login\/index/, { timeout: 15_000 });
    // This browser stays signed in, also after a reload.
    await d1.page.reload();
    await d1.page.getByTestId('password-form').or(d1.page.getByTestId('secure-password')).first().waitFor();
    expect(d1.page.url()).toMatch(/#\/pages\/mine\/secure/);
    // The new password works on the other browser.
    await fillTestId(d2.page, 'login-account', dave.account);
    await fillTestId(d2.page, 'login-password', 'newpass99');
    await d2.page.getByTestId('login-submit').click();
    await d2.page.getByTestId('tabbar-home').waitFor();
    expect(d1.errors).toEqual([]);
  });
});

describe('signing in without a password', () => {
  it('signs in with a code read from the mailbox (Chinese)', async () => {
    const carol = await personWithMail('carol01', 'Carol', 'carol@example.com');
    const ctx = await phoneContext(browser);
    const page = await ctx.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${server.url}/#/pages/login/index`);
    await page.getByTestId('login-mode-code').click();
    await fillTestId(page, 'login-account', carol.account);
    await page.getByTestId('login-send-code').click();
    const m = await mail.next('carol@example.com');
    expect(m.code).toMatch(/^\d{6}$/);
    await expect.poll(() => page.getByTestId('login-send-code').innerText()).toMatch(/秒后重发/);
    await fillTestId(page, 'login-code', m.code ?? '');
    await snap(page, 'login-code-phone-zh');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('tabbar-home').waitFor();
    expect(errors).toEqual([]);
  });

  it('resets a forgotten password end to end and is signed in (English)', async () => {
    const erin = await personWithMail('erin0001', 'Erin', 'erin@example.com');
    const ctx = await phoneContext(browser, { locale: 'en-US' });
    await english(ctx);
    const page = await ctx.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${server.url}/#/pages/login/index`);
    await page.getByTestId('login-forgot').click();
    await fillTestId(page, 'login-account', erin.account);
    await page.getByTestId('login-send-code').click();
    const m = await mail.next('erin@example.com');
    await fillTestId(page, 'login-code', m.code ?? '');
    await fillTestId(page, 'login-password', 'fresh-pass1');
    await fillTestId(page, 'login-password2', 'fresh-pass1');
    await snap(page, 'forgot-phone-en');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('tabbar-home').waitFor();
    expect((await post('/common/pub/login', { account: erin.account, password: erin.password })).code).toBe(400);
    expect((await post('/common/pub/login', { account: erin.account, password: 'fresh-pass1' })).code).toBe(0);
    // The old session (from the API) was signed out.
    expect((await post('/enterprise/im/getAdminNotice', {}, erin.token)).code).toBe(-1);
    expect(errors).toEqual([]);
  });
});

describe('settings', () => {
  it('sound off and round avatars on: at once, after a reload and on a second device', async () => {
    const frank = await registerPerson(server.url, 'frank001', 'Frank');
    const f1 = await loggedInPage(browser, server.url, frank);
    const f2 = await loggedInPage(browser, server.url, frank);
    const roundRoot = (p: Page) => p.evaluate(() => document.documentElement.classList.contains('round-avatars'));
    const radius = (p: Page) =>
      p
        .getByTestId('me-button')
        .locator('img, [role=img]')
        .first()
        .evaluate((el) => getComputedStyle(el).borderRadius);

    await openMe(f1.page);
    await f1.page.getByTestId('mine-setting').click();
    await f1.page.waitForURL(/#\/pages\/mine\/setting/);
    const sound = f1.page.getByTestId('setting-sound').locator('[data-checked]');
    const round = f1.page.getByTestId('setting-round').locator('[data-checked]');
    expect(await sound.getAttribute('aria-checked')).toBe('true');
    await f1.page.getByTestId('setting-sound').click();
    await f1.page.getByTestId('setting-round').click();
    await expect.poll(() => sound.getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => round.getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => roundRoot(f1.page)).toBe(true);
    await snap(f1.page, 'settings-phone-zh');

    // The other device follows without a reload.
    await expect.poll(() => roundRoot(f2.page), { timeout: 10_000 }).toBe(true);
    expect(await radius(f2.page)).toBe('50%');

    await f1.page.reload();
    await expect.poll(() => sound.getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => round.getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => roundRoot(f1.page)).toBe(true);

    await openMe(f2.page);
    await f2.page.getByTestId('mine-setting').click();
    await expect
      .poll(() => f2.page.getByTestId('setting-sound').locator('[data-checked]').getAttribute('aria-checked'))
      .toBe('false');
    expect(f1.errors).toEqual([]);
    expect(f2.errors).toEqual([]);
  });
});

describe('help and the in-app browser', () => {
  it('opens help with its contents from Me in both languages, and a link in a message in the in-app browser', async () => {
    const gina = await registerPerson(server.url, 'gina0001', 'Gina');
    const g = await loggedInPage(browser, server.url, gina);
    await openMe(g.page);
    await g.page.getByTestId('mine-help').click();
    await g.page.waitForURL(/#\/pages\/mine\/doc/);
    await g.page.getByTestId('doc-toc').waitFor();
    expect(await g.page.getByTestId('doc-section').count()).toBeGreaterThan(3);
    expect(await g.page.getByTestId('doc').innerText()).toContain('目录');
    await g.page.getByTestId('doc-toc-settings').click();
    await expect.poll(() => g.page.evaluate(() => document.activeElement?.id)).toBe('doc-settings');
    await snap(g.page, 'help-phone-zh');

    await g.page.evaluate(() => localStorage.setItem('parley.lang', 'en'));
    await g.page.reload();
    await g.page.getByTestId('doc-toc').waitFor();
    const en = await g.page.getByTestId('doc').innerText();
    expect(en).toContain('Contents');
    expect(en).not.toMatch(/[\u4e00-\u9fff]/);

    // A link to another site, in a message: on a phone it opens in the in-app browser. The site
    // is faked in the browser (no internet here); Parley's own pages refuse to be framed.
    const other = 'https://site.test';
    await g.page
      .context()
      .route(`${other}/**`, (r) =>
        r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Site</title><p>Another site</p>' }),
      );
    await sendByApi(server.url, alice, gina.id, `<a href="${other}/page.html">the viewer</a>`);
    await g.page.goto(`${server.url}/#/pages/message/chat?id=${alice.id}`);
    await g.page.getByRole('link', { name: 'the viewer' }).click();
    await g.page.waitForURL(/#\/pages\/mine\/webview/);
    await expect.poll(() => g.page.getByTestId('webview-frame').getAttribute('src')).toBe(`${other}/page.html`);
    expect(await g.page.getByTestId('webview-open-external').getAttribute('href')).toBe(`${other}/page.html`);
    await g.page.frameLocator('[data-testid="webview-frame"]').getByText('Another site').waitFor();
    await snap(g.page, 'webview-phone-en');
    expect(g.errors).toEqual([]);
  });
});
