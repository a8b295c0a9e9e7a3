import http from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phoneContext } from '../support/browser';
import { takeCspViolations } from '../support/csp';
import { startServer, type RunningServer } from '../support/server';

/** Issue 19 #10: the app under its CSP, as a browser enforces it. */

let server: RunningServer;
let browser: Browser;
let evil: http.Server;
let evilUrl: string;
/** The file preview page (§14.1) showing one of the server's own pictures. */
const PREVIEW = '/view.html?src=%2Fstatic%2Fimg%2Favatar.png';

beforeAll(async () => {
  server = await startServer();
  browser = await launch();
  // Another site that tries to frame the app.
  evil = http.createServer((req, res) => {
    res.setHeader('content-type', 'text/html');
    const target = req.url === '/view' ? `${server.url}${PREVIEW}` : `${server.url}/`;
    res.end(`<!doctype html><iframe id="f" src="${target}"></iframe>`);
  });
  await new Promise<void>((r) => evil.listen(0, '127.0.0.1', r));
  const addr = evil.address();
  evilUrl = `http://localhost:${typeof addr === 'object' && addr ? addr.port : 0}/`;
});
afterAll(async () => {
  await new Promise((r) => evil?.close(r));
  await browser?.close();
  await server?.stop();
});

describe('content security policy', () => {
  it('loads the app without a violation, and reports an injected inline script as one', async () => {
    const page = await (await phoneContext(browser)).newPage();
    await page.goto(server.url);
    await page.getByTestId('login-submit').or(page.getByTestId('tabbar-home')).first().waitFor();
    expect(takeCspViolations()).toEqual([]);

    // What a stored-XSS payload would try: the policy blocks it, and the suite's check sees it.
    const ran = await page.evaluate(async () => {
      const w = window as unknown as { pwned?: boolean };
      const s = document.createElement('script');
      s.textContent = 'window.pwned = true';
      document.body.append(s);
      await new Promise((r) => setTimeout(r, 50));
      return w.pwned === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => takeCspViolations().join('\n')).toMatch(/script-src/);
  });

  it('is not shown inside another site’s frame', async () => {
    const page = await (await phoneContext(browser)).newPage();
    await page.goto(evilUrl);
    await expect.poll(() => takeCspViolations().join('\n')).toMatch(/frame-ancestors/);
    const frame = page.frames().find((f) => f.url().startsWith(server.url));
    const framedText = frame ? await frame.evaluate(() => document.body?.innerText ?? '').catch(() => '') : '';
    expect(framedText).toBe('');
  });

  it('shows the file preview page under the same policy, and never inside another site’s frame (issue 36 #8)', async () => {
    const page = await (await phoneContext(browser)).newPage();
    await page.goto(server.url + PREVIEW);
    // Its script (a file of its own now) ran: the picture is shown with its name.
    await page.locator('main img').waitFor();
    expect(await page.locator('#name').innerText()).toBe('avatar.png');
    expect(await page.locator('main img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(takeCspViolations()).toEqual([]);

    const framed = await (await phoneContext(browser)).newPage();
    await framed.goto(`${evilUrl}view`);
    await expect.poll(() => takeCspViolations().join('\n')).toMatch(/frame-ancestors/);
    const frame = framed.frames().find((f) => f.url().startsWith(server.url));
    const framedText = frame ? await frame.evaluate(() => document.body?.innerText ?? '').catch(() => '') : '';
    expect(framedText).toBe('');
  });
});
