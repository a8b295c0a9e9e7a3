import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, snap } from '../support/browser';
import { startServer, stopAll, type RunningServer } from '../support/server';
import { enterpriseMode, loggedInPage, registerPerson, row, sendByApi, type Person } from '../support/app';

/**
 * On a phone's network the chat list is the largest thing an open of the app waits for (300 chats
 * were 153 kB over the socket). It is read over HTTP, where the server compresses large answers
 * and the browser decodes them: the list arrives whole in a fraction of its bytes.
 */

const PEOPLE = 40;
let server: RunningServer;
let browser: Browser;
let alice: Person;
let people: Person[];

beforeAll(async () => {
  server = await startServer();
  browser = await launch();
  alice = await registerPerson(server.url, 'alice01', 'Alice');
  await enterpriseMode(server.url, alice);
  people = await Promise.all(
    Array.from({ length: PEOPLE }, (_, i) => registerPerson(server.url, `peer${100 + i}`, `同事 ${i}`)),
  );
  for (const p of people) await sendByApi(server.url, p, alice.id, `${p.realname} 的周报已经发到群里了，请查收。`);
}, 120_000);
afterAll(() => stopAll(browser, server));

describe('the chat list on the wire', () => {
  it('arrives compressed, much smaller than its JSON, and every chat of it shows', async () => {
    const { page, errors } = await loggedInPage(browser, server.url, alice);
    const newest = row(page, people.at(-1)?.id ?? 0);
    await newest.waitFor();
    // Each open reads the list afresh: this reload's answer is watched from its start.
    const answered = page.waitForResponse((r) => r.url().includes('/enterprise/im/getContacts'));
    await page.reload();
    const res = await answered;
    const json = await res.text();
    const { responseBodySize } = await res.request().sizes();
    expect(['br', 'gzip']).toContain(res.headers()['content-encoding']);
    expect(JSON.parse(json).data.length).toBeGreaterThanOrEqual(PEOPLE);
    expect(responseBodySize).toBeLessThan(Buffer.byteLength(json) / 4);
    // The newest chat, at the top: the last one who wrote.
    await newest.waitFor();
    await expect(page.getByTestId('conversation-row').count()).resolves.toBeGreaterThan(5);
    await snap(page, 'chat-list-bytes');
    expect(errors).toEqual([]);
  });
});
