import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_ARGS, launch, snap } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';
import { bubbleTexts, loggedInPage, openChat, registerTrio, startChat, type Person } from '../support/app';

/**
 * Issue 6, "must show": a video call between two browsers with real (fake-device) media over
 * loopback, the call record in both chats, and the ways a call does not happen — declined,
 * busy in another call, and the callee offline.
 */

let server: RunningServer;
let browser: Browser;
/** No automatic consent: only what a context grants is allowed (the permission test). */
let strictBrowser: Browser;
let alice: Person;
let bob: Person;
let carol: Person;

beforeAll(async () => {
  server = await startServer();
  // Fake camera and microphone, granted without a prompt; loopback ICE candidates (TOOLCHAIN §4). The full
  // browser, whose refused camera the strict browser's test meets as a person does (support/browser.ts).
  browser = await launch(MEDIA_ARGS, { fullBrowser: true });
  strictBrowser = await launch(
    MEDIA_ARGS.filter((a) => a !== '--use-fake-ui-for-media-stream'),
    { fullBrowser: true },
  );
  [alice, bob, carol] = await registerTrio(server.url);
});
afterAll(async () => {
  await browser?.close();
  await strictBrowser?.close();
  await server?.stop();
});

const phone = (who: Person) =>
  loggedInPage(browser, server.url, who, (ctx) => ctx.grantPermissions(['camera', 'microphone']));

const status = (page: Page) => page.getByTestId('call-status').innerText();
const phase = (page: Page) => page.getByTestId('call-screen').getAttribute('data-phase');

/** Call `peer` from the chat's "+" panel. */
async function callFromChat(page: Page, peer: Person, kind: 'voice' | 'video') {
  await startChat(page, peer.id);
  await page.getByTestId('chat-plus').click();
  await page.getByTestId(`plus-entry-${kind}-call`).click();
  await page.waitForURL(/#\/pages\/message\/call\?/, { timeout: 5000 });
}

/** The ringing overlay on whatever page is open. */
async function ringsFrom(page: Page, caller: Person) {
  const overlay = page.getByTestId('call-overlay');
  await expect.poll(() => overlay.getAttribute('data-phase'), { timeout: 10_000 }).toBe('incoming');
  expect(await page.getByTestId('call-overlay-name').innerText()).toBe(caller.realname);
}

/** Frames the remote <video> has decoded so far (0 when it is not there). */
const remoteFrames = (page: Page) =>
  page.evaluate(() => {
    const v = document.querySelector<HTMLVideoElement>('[data-testid="call-remote-video"]');
    return v ? v.getVideoPlaybackQuality().totalVideoFrames : 0;
  });

describe('a video call between two browsers', () => {
  it('rings, connects with the peer on screen, and leaves a call record with the duration in both chats', async () => {
    const a = await phone(alice);
    const b = await phone(bob);

    await callFromChat(a.page, bob, 'video');
    await expect.poll(() => status(a.page), { timeout: 5000 }).toMatch(/正在呼叫…|等待对方接受邀请…/);
    await ringsFrom(b.page, alice);
    expect(await b.page.getByTestId('call-overlay-status').innerText()).toBe('邀请你视频通话…');
    await snap(b.page, 'calls-bob-ringing');
    await snap(a.page, 'calls-alice-calling');

    await b.page.getByTestId('call-accept').click();
    await b.page.waitForURL(/#\/pages\/message\/call\?/, { timeout: 5000 });
    for (const p of [a.page, b.page]) {
      await expect.poll(() => phase(p), { timeout: 20_000 }).toBe('inCall');
      await expect.poll(() => status(p), { timeout: 3000 }).toMatch(/^\d\d:\d\d$/);
    }
    // The peer's camera is really playing on both sides: decoded frames keep coming.
    for (const p of [a.page, b.page]) {
      await expect.poll(() => remoteFrames(p), { timeout: 10_000 }).toBeGreaterThan(0);
      const first = await remoteFrames(p);
      await expect.poll(() => remoteFrames(p), { timeout: 10_000 }).toBeGreaterThan(first);
      await expect(p.getByTestId('call-local-preview').isVisible()).resolves.toBe(true);
    }
    await a.page.waitForTimeout(2500);
    await snap(a.page, 'calls-alice-in-call');
    await snap(b.page, 'calls-bob-in-call');
    // Turned sideways and on a desktop window the call stays usable (preview kept on screen).
    await b.page.setViewportSize({ width: 740, height: 375 });
    await snap(b.page, 'calls-bob-in-call-landscape');
    await b.page.setViewportSize({ width: 1280, height: 800 });
    await snap(b.page, 'calls-bob-in-call-desktop');
    await b.page.setViewportSize({ width: 375, height: 740 });

    await a.page.getByTestId('call-hangup').click();
    for (const p of [a.page, b.page]) {
      await expect.poll(() => status(p), { timeout: 5000 }).toMatch(/^通话时长 00:0\d$/);
    }
    // Alice is back in the chat, which shows the final record; so does bob's.
    await a.page.getByTestId('chat-input').waitFor({ timeout: 5000 });
    await expect.poll(async () => (await bubbleTexts(a.page)).join('|'), { timeout: 5000 }).toMatch(/通话时长 00:0\d/);
    await snap(a.page, 'calls-alice-chat-record');
    await b.page.getByTestId('tabbar-home').waitFor({ timeout: 5000 });
    await openChat(b.page, alice.id);
    await expect.poll(async () => (await bubbleTexts(b.page)).join('|'), { timeout: 5000 }).toMatch(/通话时长 00:0\d/);
    await snap(b.page, 'calls-bob-chat-record');

    expect([...a.errors, ...b.errors]).toEqual([]);
    await a.page.context().close();
    await b.page.context().close();
  });
});

describe('calls that do not happen', () => {
  it('shows the caller a decline, a callee busy in another call, and a callee who is offline', async () => {
    const a = await phone(alice);
    const b = await phone(bob);
    const c = await phone(carol);

    // Bob declines.
    await callFromChat(a.page, bob, 'voice');
    await ringsFrom(b.page, alice);
    await b.page.getByTestId('call-decline').click();
    await expect.poll(() => status(a.page), { timeout: 5000 }).toBe('对方已拒绝');
    await snap(a.page, 'calls-alice-declined');
    await expect.poll(() => b.page.getByTestId('call-overlay').count(), { timeout: 3000 }).toBe(0);
    await a.page.getByTestId('chat-input').waitFor({ timeout: 5000 });

    // Bob is in a call with Carol: Alice's call is answered busy, his call goes on.
    await callFromChat(c.page, bob, 'voice');
    await ringsFrom(b.page, carol);
    await b.page.getByTestId('call-accept').click();
    for (const p of [b.page, c.page]) await expect.poll(() => phase(p), { timeout: 20_000 }).toBe('inCall');
    await snap(c.page, 'calls-carol-voice-in-call');
    await callFromChat(a.page, bob, 'voice');
    await expect.poll(() => status(a.page), { timeout: 5000 }).toBe('对方忙线中');
    await snap(a.page, 'calls-alice-busy');
    expect(await phase(b.page)).toBe('inCall');
    expect(await b.page.getByTestId('call-peer-name').innerText()).toBe('Carol');
    await c.page.getByTestId('call-hangup').click();
    await expect.poll(() => status(b.page), { timeout: 5000 }).toMatch(/^通话时长 /);
    await a.page.getByTestId('chat-input').waitFor({ timeout: 5000 });

    // Bob goes offline: the call ends busy at once, without ringing anywhere.
    await b.page.context().close();
    await callFromChat(a.page, bob, 'video');
    await expect.poll(() => status(a.page), { timeout: 5000 }).toBe('对方忙线中');

    expect([...a.errors, ...c.errors]).toEqual([]);
    await a.page.context().close();
    await c.page.context().close();
  });
});

describe('media permissions', () => {
  it('says the camera was refused and rings nobody', async () => {
    // Microphone allowed, camera not: the video call cannot start.
    const a = await loggedInPage(strictBrowser, server.url, alice, (ctx) => ctx.grantPermissions(['microphone']));
    const b = await phone(bob);
    await callFromChat(a.page, bob, 'video');
    await expect.poll(() => status(a.page), { timeout: 5000 }).toBe('摄像头授权失败');
    await snap(a.page, 'calls-alice-camera-refused');
    // The text stays until read; then back in the chat with no call record; bob's phone never rang.
    await a.page.getByTestId('call-close').click();
    await a.page.getByTestId('chat-input').waitFor({ timeout: 5000 });
    expect((await bubbleTexts(a.page)).join('|')).not.toMatch(/视频通话/);
    expect(await b.page.getByTestId('call-overlay').count()).toBe(0);

    expect([...a.errors, ...b.errors]).toEqual([]);
    await a.page.context().close();
    await b.page.context().close();
  });
});
