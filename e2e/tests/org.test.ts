import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, launch, snap } from '../support/browser';
import { startServer, stopAll, type RunningServer } from '../support/server';
import {
  apiPost,
  enterpriseMode,
  fillTestId,
  registerPerson,
  send,
  bubbleTexts,
  signedInState,
  type Person,
} from '../support/app';

/**
 * The organization (PROTOCOL §18) in the browser: an administrator imports 30 people in 5
 * departments from a CSV through the console (check first, then import), and a member walks the
 * company's tree down to a sub-department, opens a colleague's card and starts a chat with them.
 */

let server: RunningServer;
let browser: Browser;
let root: Person;
let alice: Person;

beforeAll(async () => {
  server = await startServer();
  browser = await launch();
  root = await registerPerson(server.url, 'root', 'Root');
  alice = await registerPerson(server.url, 'alice', 'Alice');
  await enterpriseMode(server.url, root);
});
afterAll(() => stopAll(browser, server));

const departments = ['研发部/前端组', '研发部/后端组', '财务部', '市场部', '人事部'];
const surnames = '赵钱孙李周吴郑王冯陈褚卫蒋沈韩杨朱秦尤许何吕施张孔曹严华金魏';
/** 30 people, six per department; alice (already registered) is one of the frontend team. */
function csv(): string {
  const lines = ['account,realname,email,department,position'];
  lines.push('alice,Alice,,研发部/前端组,前端工程师');
  for (let i = 1; i < 30; i += 1) {
    const dep = departments[i % departments.length] ?? '';
    const position = i % 6 === 0 ? '组长' : '工程师';
    lines.push(`user${String(i).padStart(2, '0')},${surnames[i] ?? ''}${i === 6 ? '伟' : '明'},,${dep},${position}`);
  }
  // A bad row: a name nobody can have (and no name at all for a new person), answered as an error.
  lines.push('nobody01,,,财务部,会计');
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

async function desk(
  who: Person,
  lang: 'zh-Hans' | 'en',
): Promise<{ ctx: BrowserContext; page: Page; errors: string[] }> {
  const ctx = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'zh-CN',
    storageState: await signedInState(server.url, who),
  });
  return open(ctx, lang);
}
async function phone(
  who: Person,
  lang: 'zh-Hans' | 'en',
): Promise<{ ctx: BrowserContext; page: Page; errors: string[] }> {
  const ctx = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    locale: 'zh-CN',
    hasTouch: true,
    storageState: await signedInState(server.url, who),
  });
  return open(ctx, lang);
}
/** A signed-in context's first page, in `lang`, opened on the chats. */
async function open(ctx: BrowserContext, lang: 'zh-Hans' | 'en') {
  await ctx.addInitScript((l) => {
    localStorage.setItem('parley.lang', l);
    localStorage.setItem('parley.notify.asked', '1');
  }, lang);
  const page = await ctx.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${server.url}/#/`);
  await page.getByTestId('tabbar-home').or(page.getByTestId('rail')).first().waitFor();
  return { ctx, page, errors };
}

describe('the organization', () => {
  it('an administrator checks and imports a CSV of 30 people in 5 departments through the console', async () => {
    const { ctx, page, errors } = await desk(root, 'zh-Hans');
    await page.getByTestId('rail-admin').click();
    await page.getByTestId('admin-nav-orgImport').click();
    await page.getByTestId('org-import').waitFor();
    await page
      .getByTestId('import-file')
      .setInputFiles({ name: '员工名单.csv', mimeType: 'text/csv', buffer: Buffer.from(csv(), 'utf8') });
    await expect.poll(() => page.getByTestId('org-import').textContent()).toContain('员工名单.csv');
    await page.getByTestId('import-preview').click();
    const summary = page.getByTestId('import-summary');
    await expect.poll(() => summary.getAttribute('data-stage')).toBe('checked');
    // Nothing is written by the check: 29 to create, alice to update, the nameless row refused.
    expect(await summary.textContent()).toContain('将新建29人，更新1人，1行有错误');
    expect(await page.locator('[data-testid="import-rows"] tbody tr').count()).toBe(31);
    expect(await page.locator('[data-testid="import-rows"] tr[data-result="error"]').textContent()).toContain(
      '新用户须填写姓名',
    );
    const before = (await apiPost(server.url, '/enterprise/org/tree', {}, root.token)) as unknown[];
    expect(before).toEqual([]);
    await snap(page, 'org-import-checked-desktop-zh');

    await page.getByTestId('import-run').click();
    await expect.poll(() => summary.getAttribute('data-stage')).toBe('done');
    expect(await summary.textContent()).toContain('新建29人，更新1人，失败1行');
    await snap(page, 'org-import-done-desktop-zh');

    // The editor shows the five departments (two of them under 研发部) with their people.
    await page.getByTestId('admin-nav-org').click();
    await expect
      .poll(() => page.getByTestId('org-node').evaluateAll((els) => els.map((e) => e.getAttribute('data-name'))))
      .toEqual(['研发部', '前端组', '后端组', '财务部', '市场部', '人事部']);
    await page.locator('[data-testid="org-node"][data-name="前端组"] button').first().click();
    await expect.poll(() => page.getByTestId('org-people').textContent()).toContain('（6）');
    await snap(page, 'org-editor-desktop-zh');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('a member walks down to a sub-department, opens a colleague’s card and starts a chat (phone, Chinese)', async () => {
    const { ctx, page, errors } = await phone(alice, 'zh-Hans');
    await page.getByTestId('tabbar-contacts').click();
    // My department first, with its head count, under the company.
    const mine = page.getByTestId('org-my-dept');
    await expect.poll(() => mine.textContent()).toContain('前端组');
    expect(await mine.textContent()).toContain('6人');
    expect(await page.getByTestId('org-company').textContent()).toContain('31人');
    await snap(page, 'org-contacts-phone-zh');

    await page.getByTestId('org-company').click();
    await page.locator('[data-testid="org-dept"][data-id]').first().waitFor();
    // 研发部 holds my department, so it is listed first.
    expect(await page.getByTestId('org-dept').first().textContent()).toContain('研发部');
    await page.getByTestId('org-dept').first().click();
    await expect.poll(() => page.getByTestId('org-crumb').allTextContents()).toEqual([expect.any(String), '研发部']);
    await page.locator('[data-testid="org-dept"]', { hasText: '后端组' }).click();
    await expect.poll(() => page.getByTestId('org-crumb').allTextContents()).toHaveLength(3);
    await expect.poll(() => page.getByTestId('org-person').count()).toBe(6);
    await snap(page, 'org-department-phone-zh');

    // Search inside the department.
    await fillTestId(page, 'org-search', '伟');
    await expect.poll(() => page.getByTestId('org-person').count()).toBe(1);
    const colleague = page.getByTestId('org-person').first();
    expect(await colleague.textContent()).toContain('后端组 · 组长');
    await colleague.click();
    await expect.poll(() => page.getByTestId('detail-department').textContent()).toBe('后端组');
    expect(await page.getByTestId('detail-position').textContent()).toBe('组长');
    await snap(page, 'org-card-phone-zh');

    await page.getByTestId('detail-send-message').click();
    await page.getByTestId('chat-input').waitFor();
    await send(page, '你好，我是前端组的Alice');
    await expect.poll(() => bubbleTexts(page)).toContain('你好，我是前端组的Alice');

    // A group of a whole department, chosen at once.
    await page.goto(`${server.url}/#/pages/index/userSelection?mode=createGroup`);
    await page.getByTestId('select-by-department').click();
    await page.locator('[data-testid="dept-pick"]', { hasText: '研发部 / 后端组' }).click();
    await expect.poll(() => page.locator('[data-testid="select-strip"] button').count()).toBe(6);
    await snap(page, 'org-pick-department-phone-zh');
    await page.getByTestId('select-confirm').click();
    await page.getByTestId('chat-input').waitFor();
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('keeps an open tree current when the administrator moves people, and reads in English at both sizes', async () => {
    const { ctx, page, errors } = await desk(alice, 'en');
    await page.getByTestId('rail-contacts').click();
    await page.getByTestId('org-my-dept').click();
    await expect.poll(() => page.getByTestId('org-person').count()).toBe(6);
    expect(await page.getByTestId('org-search').getAttribute('placeholder')).toBe('Search people in this department');
    await snap(page, 'org-department-desktop-en');

    // orgChanged: a person moved out of my department disappears from the open page without a reload.
    const found = (await apiPost(
      server.url,
      '/enterprise/org/members',
      { dep_id: 0, recursive: 1, keywords: 'alice' },
      root.token,
    )) as { dep_id: number }[];
    const team = (await apiPost(server.url, '/enterprise/org/members', { dep_id: found[0]?.dep_id }, root.token)) as {
      user_id: number;
      realname: string;
    }[];
    const leaving = team.find((m) => m.realname !== 'Alice');
    await apiPost(server.url, '/manage/org/move', { user_ids: [leaving?.user_id], dep_id: 0 }, root.token);
    await expect.poll(() => page.getByTestId('org-person').count()).toBe(5);
    await expect.poll(() => page.getByTestId('org-my-dept').textContent()).toContain('5 people');
    await ctx.close();

    const p = await phone(alice, 'en');
    await p.page.getByTestId('tabbar-contacts').click();
    await expect.poll(() => p.page.getByTestId('org-my-dept').textContent()).toContain('My department');
    await snap(p.page, 'org-contacts-phone-en');
    await p.page.getByTestId('org-my-dept').click();
    await expect.poll(() => p.page.getByTestId('org-person').count()).toBe(5);
    await snap(p.page, 'org-department-phone-en');
    await p.ctx.close();

    const admin = await desk(root, 'en');
    await admin.page.getByTestId('rail-admin').click();
    await admin.page.getByTestId('admin-nav-orgImport').click();
    await admin.page.getByTestId('org-import').waitFor();
    await snap(admin.page, 'org-import-desktop-en');
    await admin.ctx.close();
    const adminPhone = await phone(root, 'zh-Hans');
    await adminPhone.page.goto(`${server.url}/#/pages/admin/index?tab=org`);
    await adminPhone.page.getByTestId('org-editor').waitFor();
    await snap(adminPhone.page, 'org-editor-phone-zh');
    await adminPhone.ctx.close();
    expect(errors).toEqual([]);
  });
});
