import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, snap } from '../support/browser';
import { startServer, stopAll, type RunningServer } from '../support/server';
import { enterpriseMode, loggedInPage, registerPerson, row, sendByApi, type Person } from '../support/app';

/**
 * On a phone's network the chat list is the largest thing an open of the app waits for (500 chats
 * were 221 kB as a socket reply). It is read over HTTP, where the server compresses large answers
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

const isList = (url: string) => /\/enterprise\/im\/getcontacts/i.test(url);

describe('the chat list on the wire', () => {
  it('is read over HTTP even while the socket is bound, arrives compressed, and every chat of it shows', async () => {
    const { page, errors } = await loggedInPage(browser, server.url, alice);
    // Watch the socket from a fresh start: its bind is confirmed by the server's pong.
    const socketCalls: string[] = [];
    let bound = false;
    page.on('websocket', (ws) => {
      ws.on('framesent', (f) => {
        const text = String(f.payload);
        if (text.includes('"call"') && isList(text)) socketCalls.push(text);
      });
      ws.on('framereceived', (f) => {
        if (String(f.payload).includes('"pong"')) bound = true;
      });
    });
    await page.reload();
    await row(page, people.at(-1)?.id ?? 0).waitFor();
    await expect.poll(() => bound).toBe(true);
    // A message from someone not in the list makes the bound client read the whole list again.
    const newcomer = await registerPerson(server.url, 'newcomer', '新同事');
    const answered = page.waitForResponse((r) => isList(r.url()));
    await sendByApi(server.url, newcomer, alice.id, '你好，我是新来的同事。');
    const res = await answered;
    const json = await res.text();
    const { responseBodySize } = await res.request().sizes();
    expect(['br', 'gzip']).toContain(res.headers()['content-encoding']);
    expect(JSON.parse(json).data.length).toBeGreaterThan(PEOPLE);
    expect(responseBodySize).toBeLessThan(Buffer.byteLength(json) / 4);
    expect(socketCalls).toEqual([]);
    await row(page, newcomer.id).waitFor();
    await expect(page.getByTestId('conversation-row').count()).resolves.toBeGreaterThan(5);
    await snap(page, 'chat-list-bytes');
    expect(errors).toEqual([]);
  });
});
