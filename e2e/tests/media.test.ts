import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, MEDIA_ARGS, snap } from '../support/browser';
import { startServer, stopAll, type RunningServer } from '../support/server';
import {
  enterpriseMode,
  loggedInPage,
  messagesOf,
  noisyPng,
  openChat,
  openPlusEntryInput,
  registerPerson,
  slowUploads,
  startChat,
  type Person,
} from '../support/app';

/** Issue 5, "must show": a picture with a visible upload bar, its thumbnail and viewer; a voice note of about 3″. */

let server: RunningServer;
let browser: Browser;
let alice: Person;
let bob: Person;

beforeAll(async () => {
  server = await startServer();
  // The fake microphone and camera answer getUserMedia without a prompt.
  browser = await launch(MEDIA_ARGS);
  alice = await registerPerson(server.url, 'alice01', 'Alice');
  bob = await registerPerson(server.url, 'bob0001', 'Bob');
  await enterpriseMode(server.url, alice);
});
afterAll(() => stopAll(browser, server));

const bubbles = (page: Page, type: string) => page.locator(`[data-testid="message-bubble"][data-type="${type}"]`);

/** Natural size of a picture URL as the page loads it. */
const naturalSize = (page: Page, src: string) =>
  page.evaluate(async (url) => {
    const img = new Image();
    img.src = url;
    await img.decode();
    return { width: img.naturalWidth, height: img.naturalHeight };
  }, src);

describe('pictures', () => {
  it('uploads with a visible progress bar; bob sees a small thumbnail and opens the viewer', async () => {
    const a = await loggedInPage(browser, server.url, alice);
    const b = await loggedInPage(browser, server.url, bob);
    await startChat(a.page, bob.id);
    const picture = await noisyPng(a.page, 900, 600);

    const network = await slowUploads(a.page);
    await (
      await openPlusEntryInput(a.page, 'album')
    ).setInputFiles({ name: 'beach.png', mimeType: 'image/png', buffer: picture });
    // The bubble shows the local picture at its final size with the upload bar on it.
    // A real, moving bar: some bytes are out, not all.
    const progress = a.page.getByTestId('upload-progress');
    await expect
      .poll(async () => Number((await progress.getAttribute('value').catch(() => null)) ?? -1), { timeout: 10_000 })
      .toBeGreaterThan(0.05);
    expect(Number(await progress.getAttribute('value'))).toBeLessThan(1);
    await snap(a.page, 'media-alice-uploading');
    const pending = bubbles(a.page, 'image').last();
    const pendingBox = await pending.boundingBox();
    await network.restore();

    // It settles as a sent message, the same size as while it was uploading.
    await expect.poll(() => pending.getAttribute('data-status'), { timeout: 15_000 }).toBe('sent');
    await expect.poll(() => progress.count()).toBe(0);
    const sentBox = await bubbles(a.page, 'image').last().boundingBox();
    expect(Math.round(sentBox?.width ?? 0)).toBe(Math.round(pendingBox?.width ?? -1));
    expect(Math.round(sentBox?.height ?? 0)).toBe(Math.round(pendingBox?.height ?? -1));
    await snap(a.page, 'media-alice-sent');

    await openChat(b.page, alice.id);
    const thumb = b.page.getByTestId('image-body').last();
    await expect.poll(() => thumb.getAttribute('data-state'), { timeout: 5000 }).toBe('loaded');
    // 900 × 600 is drawn within 200 × 240: 200 × 133.
    const box = await thumb.boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(200);
    expect(Math.round(box?.height ?? 0)).toBe(133);
    // The stored thumbnail itself is small (spec §9), the original keeps its size.
    const thumbSrc = (await thumb.locator('img').getAttribute('src')) ?? '';
    const stored = await naturalSize(b.page, thumbSrc);
    expect(Math.max(stored.width, stored.height)).toBeLessThanOrEqual(240);
    await snap(b.page, 'media-bob-thumbnail');

    const entry = () => b.page.evaluate(() => (history.state as { idx?: number } | null)?.idx);
    const chatEntry = await entry();
    await thumb.click();
    const viewer = b.page.getByTestId('image-viewer');
    await viewer.waitFor();
    const original = b.page.getByTestId('image-viewer-picture');
    await expect
      .poll(async () => naturalSize(b.page, (await original.getAttribute('src')) ?? ''))
      .toEqual({ width: 900, height: 600 });
    await b.page.mouse.dblclick(187, 370);
    await expect.poll(() => original.getAttribute('data-scale')).toBe('2.50');
    await snap(b.page, 'media-bob-viewer');
    await b.page.keyboard.press('Escape');
    await expect.poll(() => viewer.count()).toBe(0);
    expect(await entry()).toBe(chatEntry); // Esc left no history entry behind

    // The phone's back button closes the viewer and stays in the chat.
    await thumb.click();
    await viewer.waitFor();
    await b.page.goBack();
    await expect.poll(() => viewer.count()).toBe(0);
    expect(await entry()).toBe(chatEntry);
    await expect.poll(() => thumb.isVisible()).toBe(true);

    expect([...a.errors, ...b.errors]).toEqual([]);
    await a.page.context().close();
    await b.page.context().close();
  });

  it('sends nothing when the upload is cancelled', async () => {
    const a = await loggedInPage(browser, server.url, alice);
    await startChat(a.page, bob.id);
    const stored = async () =>
      ((await messagesOf(server.url, alice, bob.id)) as unknown as { type: string }[]).filter((m) => m.type === 'image')
        .length;
    const before = await stored();
    const network = await slowUploads(a.page, 20 * 1024);
    await (
      await openPlusEntryInput(a.page, 'album')
    ).setInputFiles({ name: 'cancel-me.png', mimeType: 'image/png', buffer: await noisyPng(a.page, 600, 400) });
    // Cancel mid-way: some bytes are out, the message is not.
    const progress = a.page.getByTestId('upload-progress');
    await expect.poll(async () => Number(await progress.getAttribute('value')), { timeout: 10_000 }).toBeGreaterThan(0);
    const pending = await bubbles(a.page, 'image').count();
    await a.page.getByTestId('upload-cancel').click();
    await expect.poll(() => bubbles(a.page, 'image').count()).toBe(pending - 1);
    // Keep the throttle until the abort has surely reached the network stack: lifting it at once
    // could flush the bytes still queued in the emulation before the cancellation lands.
    await a.page.waitForTimeout(1500);
    expect(await stored()).toBe(before);
    await network.restore();
    expect(a.errors).toEqual([]);
    await a.page.context().close();
  });
});

describe('files', () => {
  it('sends a document from the File entry, refuses a type the site does not allow, and offers a pasted picture', async () => {
    const a = await loggedInPage(browser, server.url, alice);
    const b = await loggedInPage(browser, server.url, bob);
    await startChat(a.page, bob.id);
    await startChat(b.page, alice.id);

    await (
      await openPlusEntryInput(a.page, 'file')
    ).setInputFiles({ name: 'virus.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await a.page.getByText('不支持该文件类型：virus.exe').waitFor();
    // Picking closes the "+" panel, as in WeChat.
    await expect.poll(() => a.page.getByTestId('plus-panel').count()).toBe(0);
    await (
      await openPlusEntryInput(a.page, 'file')
    ).setInputFiles({ name: '会议纪要.docx', mimeType: 'application/octet-stream', buffer: Buffer.alloc(3000, 1) });

    const card = b.page.getByTestId('file-body').last();
    await card.waitFor({ timeout: 10_000 });
    expect(await card.innerText()).toContain('会议纪要.docx');
    expect(await card.innerText()).toContain('2.9 KB');
    expect(await card.getAttribute('data-open')).toBe('download');
    expect(await b.page.getByTestId('file-body').count()).toBe(1);
    // The card is the whole message on both sides: no bubble showing beside it.
    for (const page of [a.page, b.page]) {
      const fileCard = page.getByTestId('file-body').last();
      const bubble = page.locator('[data-testid="message-bubble"][data-type="file"]').last();
      await fileCard.waitFor();
      const [cardBox, bubbleBox] = [await fileCard.boundingBox(), await bubble.boundingBox()];
      expect(Math.abs((cardBox?.width ?? 0) - (bubbleBox?.width ?? -99))).toBeLessThan(1);
    }
    await snap(b.page, 'media-bob-file');
    await snap(a.page, 'media-alice-file');

    // A screenshot pasted into the chat is offered, then sent as a picture.
    const before = await bubbles(b.page, 'image').count();
    const png = await noisyPng(a.page, 120, 90);
    await a.page.evaluate((b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], 'screenshot.png', { type: 'image/png' }));
      window.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt }));
    }, png.toString('base64'));
    await a.page.getByText('发送这1个文件？').waitFor();
    await a.page.getByRole('button', { name: '发送', exact: true }).last().click();
    await expect.poll(() => bubbles(b.page, 'image').count(), { timeout: 10_000 }).toBe(before + 1);
    // Small pictures keep their own size.
    const box = await b.page.getByTestId('image-body').last().boundingBox();
    expect([Math.round(box?.width ?? 0), Math.round(box?.height ?? 0)]).toEqual([120, 90]);

    expect([...a.errors, ...b.errors]).toEqual([]);
    await a.page.context().close();
    await b.page.context().close();
  });
});

describe('file manager', () => {
  it('lists the files under sent for alice and received for bob, filters by type and name', async () => {
    const a = await loggedInPage(browser, server.url, alice);
    await a.page.goto(`${server.url}/#/pages/mine/index`);
    await a.page.getByTestId('mine-files').click();
    await a.page.waitForURL(/#\/pages\/mine\/files/);
    const rows = a.page.getByTestId('file-row');
    const names = async () => (await rows.allInnerTexts()).map((text) => text.split('\n')[0]);
    // Newest first; the cancelled upload is not there.
    await expect.poll(names).toEqual(['screenshot.png', '会议纪要.docx', 'beach.png']);
    expect(await rows.last().getAttribute('data-open')).toBe('preview');
    expect(await rows.nth(1).getAttribute('data-open')).toBe('download');
    await a.page.getByTestId('files-scope-sent').click();
    await expect.poll(() => rows.count()).toBe(3);
    await snap(a.page, 'media-alice-files');
    await a.page.getByTestId('files-scope-received').click();
    await a.page.getByTestId('files-empty').waitFor();

    await a.page.getByTestId('files-scope-all').click();
    await a.page.getByTestId('files-cate-doc').click();
    await expect.poll(names).toEqual(['会议纪要.docx']);
    await a.page.getByTestId('files-cate-video').click();
    await a.page.getByTestId('files-empty').waitFor();
    await a.page.getByTestId('files-cate-image').click();
    await expect.poll(names).toEqual(['screenshot.png', 'beach.png']);
    await a.page.getByTestId('files-search').fill('nothing-like-it');
    await a.page.getByTestId('files-empty').waitFor();
    await a.page.getByTestId('files-search').fill('beach');
    await expect.poll(names).toEqual(['beach.png']);

    const b = await loggedInPage(browser, server.url, bob);
    await b.page.goto(`${server.url}/#/pages/mine/files`);
    await b.page.getByTestId('files-scope-received').click();
    await expect.poll(() => b.page.getByTestId('file-row').count()).toBe(3);
    expect(await b.page.getByTestId('file-row').first().innerText()).toContain('Alice');
    expect([...a.errors, ...b.errors]).toEqual([]);
    await a.page.context().close();
    await b.page.context().close();
  });

  it('shows the chat with its media on a desktop-wide window', async () => {
    const a = await loggedInPage(browser, server.url, alice);
    await a.page.setViewportSize({ width: 1200, height: 800 });
    await openChat(a.page, bob.id);
    await a.page.getByTestId('image-body').first().waitFor();
    await snap(a.page, 'media-desktop-chat');

    // The viewer moves between the chat's pictures with the arrow keys and a swipe.
    await a.page.getByTestId('image-body').last().click();
    const position = a.page.getByTestId('image-viewer-position');
    await expect.poll(() => position.innerText()).toBe('2 / 2');
    await a.page.keyboard.press('ArrowLeft');
    await expect.poll(() => position.innerText()).toBe('1 / 2');
    await a.page.mouse.move(800, 400);
    await a.page.mouse.down();
    await a.page.mouse.move(650, 400, { steps: 5 });
    await a.page.mouse.move(500, 400, { steps: 5 });
    await a.page.mouse.up();
    await expect.poll(() => position.innerText()).toBe('2 / 2');
    await a.page.mouse.wheel(0, -300);
    await expect
      .poll(async () => Number(await a.page.getByTestId('image-viewer-picture').getAttribute('data-scale')))
      .toBeGreaterThan(1);
    await snap(a.page, 'media-desktop-viewer');
    await a.page.getByTestId('image-viewer-close').click();
    await expect.poll(() => a.page.getByTestId('image-viewer').count()).toBe(0);
    await a.page.context().close();
  });
});

describe('camera', () => {
  it('takes a photo and records a video of at least 4 s; bob plays the video full screen with controls that hide', async () => {
    // Two people of their own: their chat starts empty, so what bob sees is only what this test sends,
    // whenever his history finishes loading.
    const cam = await registerPerson(server.url, 'camera01', 'Camille');
    const dan = await registerPerson(server.url, 'daniel01', 'Daniel');
    const a = await loggedInPage(browser, server.url, cam);
    const b = await loggedInPage(browser, server.url, dan);
    await startChat(a.page, dan.id);
    await startChat(b.page, cam.id);

    await a.page.getByTestId('chat-plus').click();
    await a.page.getByTestId('plus-entry-camera').click();
    await a.page.getByTestId('capture-sheet').waitFor();
    // The fake camera's picture is live.
    await expect
      .poll(() => a.page.getByTestId('capture-preview').evaluate((v) => (v as HTMLVideoElement).videoWidth))
      .toBeGreaterThan(0);
    await a.page.getByTestId('capture-shutter').click();
    await a.page.getByTestId('capture-send').click();
    await expect.poll(() => bubbles(b.page, 'image').count(), { timeout: 10_000 }).toBe(1);

    await a.page.getByTestId('chat-plus').click();
    await a.page.getByTestId('plus-entry-camera').click();
    await a.page.getByTestId('capture-mode-video').click();
    await expect
      .poll(() => a.page.getByTestId('capture-preview').evaluate((v) => (v as HTMLVideoElement).videoWidth))
      .toBeGreaterThan(0);
    await a.page.getByTestId('capture-shutter').click();
    await a.page.getByTestId('capture-timer').waitFor();
    await snap(a.page, 'media-alice-recording-video');
    // Stopped once the recorder's own timer reads 0:04: the clip is at least that long, and the
    // bubble says the length the recorder measured, however slow this hour is.
    await a.page.getByTestId('capture-timer').filter({ hasText: '0:04' }).waitFor();
    await a.page.getByTestId('capture-shutter').click();
    await a.page.getByTestId('capture-send').click();

    const video = b.page.getByTestId('video-body').last();
    await video.waitFor({ timeout: 10_000 });
    const seconds = Number(await video.getAttribute('data-duration'));
    expect(seconds).toBeGreaterThanOrEqual(4);
    expect(await video.innerText()).toContain(`0:${String(seconds).padStart(2, '0')}`);
    await snap(b.page, 'media-bob-video-bubble');
    await video.click();
    await b.page.waitForURL(/#\/pages\/message\/video/);
    const player = b.page.getByTestId('video-player');
    await expect
      .poll(() => player.evaluate((v) => (v as HTMLVideoElement).currentTime), { timeout: 5000 })
      .toBeGreaterThan(0.2);
    // Controls hide 3 s after the last touch while playing; a tap brings them back.
    const screen = b.page.getByTestId('video-screen');
    await expect.poll(() => screen.getAttribute('data-controls'), { timeout: 6000 }).toBe('0');
    await player.click();
    expect(await screen.getAttribute('data-controls')).toBe('1');
    await snap(b.page, 'media-bob-video-player');
    await b.page.getByTestId('back').click();
    await b.page.waitForURL(/#\/pages\/message\/chat/);

    expect([...a.errors, ...b.errors]).toEqual([]);
    await a.page.context().close();
    await b.page.context().close();
  });
});

describe('voice notes', () => {
  it('records while held until the overlay reads 3″ and bob plays a note of that length', async () => {
    // Two people of their own, so bob's list holds only this note whenever his history loads.
    const vic = await registerPerson(server.url, 'voice001', 'Victor');
    const wen = await registerPerson(server.url, 'wendy001', 'Wendy');
    const a = await loggedInPage(browser, server.url, vic);
    const b = await loggedInPage(browser, server.url, wen);
    await startChat(a.page, wen.id);
    await startChat(b.page, vic.id);

    await a.page.getByTestId('voice-toggle').click();
    const hold = a.page.getByTestId('voice-hold');
    const box = await hold.boundingBox();
    if (!box) throw new Error('no hold button');
    await a.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await a.page.mouse.down();
    await expect.poll(() => hold.getAttribute('data-phase')).toBe('recording');
    await a.page.getByTestId('voice-overlay').waitFor();
    await snap(a.page, 'media-alice-recording');
    // Released once the overlay's own count reads 3″ (a person watching it), not after a fixed sleep.
    await a.page.getByTestId('voice-overlay').filter({ hasText: '3″' }).waitFor();
    await a.page.mouse.up();

    const note = bubbles(b.page, 'voice').first();
    await note.waitFor({ timeout: 10_000 });
    const voice = note.getByTestId('voice-body');
    const seconds = Number(await voice.getAttribute('data-duration'));
    expect(seconds).toBeGreaterThanOrEqual(3);
    expect(await voice.innerText()).toContain(`${seconds}″`);
    await expect.poll(() => voice.getByTestId('voice-unplayed').count()).toBe(1);

    await voice.click();
    await expect.poll(() => voice.getAttribute('data-playing')).toBe('1');
    await expect
      .poll(() => voice.getByTestId('voice-audio').evaluate((el) => (el as HTMLAudioElement).currentTime), {
        timeout: 5000,
      })
      .toBeGreaterThan(0.3);
    expect(await voice.getByTestId('voice-unplayed').count()).toBe(0);
    await snap(b.page, 'media-bob-voice-playing');

    expect([...a.errors, ...b.errors]).toEqual([]);
    await a.page.context().close();
    await b.page.context().close();
  });
});
