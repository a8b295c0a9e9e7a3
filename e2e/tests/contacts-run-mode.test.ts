import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, launch, phoneContext, snap } from '../support/browser';
import { startServer, stopAll, type RunningServer } from '../support/server';
import { apiPost, loggedInPage, registerPerson, signedInState, type Person } from '../support/app';

/**
 * The address book while the administrator changes runMode (PROTOCOL §1 contact set, §11.4
 * `updateConfig`) and while people join the company (§18 `orgChanged`): a signed-in phone follows
 * without a reload, and its empty state sits below the fixed entries, the organization's among
 * them, instead of over them.
 */

let server: RunningServer;
let browser: Browser;
let alice: Person;

const runMode = (mode: 1 | 2) =>
  apiPost(server.url, '/manage/config/setConfig', { name: 'sysInfo', value: { runMode: mode } }, alice.token);

beforeAll(async () => {
  server = await startServer();
  browser = await launch();
  alice = await registerPerson(server.url, 'alice01', 'Alice');
});
afterAll(() => stopAll(browser, server));

describe('the address book across runMode changes', () => {
  it('shows the empty state below the organization, everyone once enterprise mode is switched on, and newcomers', async () => {
    await runMode(1);
    const ctx = await phoneContext(browser, { storageState: await signedInState(server.url, alice) });
    const page = await ctx.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${server.url}/#/`);
    await page.getByTestId('tabbar-contacts').click();

    // Alone in the company: the company's row, then "no contacts" under it, both whole.
    const company = page.getByTestId('org-company');
    const empty = page.getByTestId('contacts-empty');
    await empty.waitFor();
    const companyBox = await company.boundingBox();
    const emptyBox = await empty.boundingBox();
    expect(companyBox && emptyBox && emptyBox.y >= companyBox.y + companyBox.height).toBe(true);
    await snap(page, 'contacts-empty-under-org-phone-zh');

    // Social mode: a new colleague is no friend of hers, so the list stays empty and the company goes.
    await runMode(2);
    await registerPerson(server.url, 'wang001', '王小明');
    await expect.poll(() => company.count()).toBe(0);
    expect(await empty.isVisible()).toBe(true);

    // Enterprise mode again, from the console elsewhere: he is listed and counted, with no reload.
    await runMode(1);
    await page.getByTestId('contact-row').filter({ hasText: '王小明' }).waitFor();
    await expect.poll(() => company.textContent()).toContain('2人');
    expect(await empty.count()).toBe(0);
    await snap(page, 'contacts-after-run-mode-phone-zh');

    // A colleague registers and signs in while the address book is open: listed, counted and
    // online with no reload, though her sign-in races the list being read again.
    const lihua = await registerPerson(server.url, 'lihua01', '李华');
    const hers = await loggedInPage(browser, server.url, lihua);
    const row = page.getByTestId('contact-row').filter({ hasText: '李华' });
    await row.getByRole('img', { name: '在线' }).waitFor();
    await expect.poll(() => company.textContent()).toContain('3人');
    expect(hers.errors).toEqual([]);
    await hers.page.context().close();
    await snap(page, 'contacts-newcomer-phone-zh');
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
