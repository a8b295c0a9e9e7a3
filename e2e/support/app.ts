import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { collectPageErrors, phoneContext } from './browser';

/** Driving the app as people do, plus the few API calls a test needs for its setting. */

export interface Person {
  id: number;
  account: string;
  realname: string;
  password: string;
  token: string;
}

/** A POST of the API (JSON); fails the test on any answer but code 0, returns `data`. */
export async function apiPost(base: string, path: string, body: unknown, token?: string) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; msg: string; data: unknown };
  if (json.code !== 0) throw new Error(`${path}: ${json.code} ${json.msg}`);
  return json.data;
}

/** Registers through the public API (the first account becomes the administrator). */
export async function registerPerson(
  base: string,
  account: string,
  realname: string,
  password = 'secret123',
): Promise<Person> {
  const reg = (await apiPost(base, '/common/pub/register', { account, realname, password })) as { user_id: number };
  const login = (await apiPost(base, '/common/pub/login', { account, password, terminal: 'app' })) as {
    authToken: string;
  };
  return { id: reg.user_id, account, realname, password, token: login.authToken };
}

/** alice (the administrator, who makes everyone a contact), bob and carol: the cast of most files. */
export async function registerTrio(base: string): Promise<[Person, Person, Person]> {
  const alice = await registerPerson(base, 'alice01', 'Alice');
  const bob = await registerPerson(base, 'bob0001', 'Bob');
  const carol = await registerPerson(base, 'carol01', 'Carol');
  await enterpriseMode(base, alice);
  return [alice, bob, carol];
}

/** As an administrator: everyone is a contact (runMode 1), so two people can chat at once. */
export async function enterpriseMode(base: string, admin: Person): Promise<void> {
  await apiPost(base, '/manage/config/setConfig', { name: 'sysInfo', value: { runMode: 1 } }, admin.token);
}

export async function fillTestId(page: Page, testId: string, value: string) {
  const el = page.getByTestId(testId);
  const inner = el.locator('input, textarea');
  if ((await inner.count()) > 0) await inner.first().fill(value);
  else await el.fill(value);
}

/** Where the web client keeps its session (apps/web/src/state/auth.ts). */
const AUTH_KEY = 'parley.auth';

/**
 * A browser storage in which `who` is signed in, as a returning person's browser is: a session made by
 * the login API (terminal "web", as the form's login from this browser is) and saved where the client
 * saves it. Going through the form for every page cost a test about 2 s each time; the form itself is
 * tested in accounts.test.ts and first-load.test.ts.
 */
export async function signedInState(
  base: string,
  who: Pick<Person, 'account' | 'password'>,
): Promise<Exclude<BrowserContextOptions['storageState'], string | undefined>> {
  const session = (await apiPost(base, '/common/pub/login', {
    account: who.account,
    password: who.password,
    terminal: 'web',
  })) as { authToken: string; userInfo: unknown };
  const value = JSON.stringify({ token: session.authToken, userInfo: session.userInfo });
  return { cookies: [], origins: [{ origin: new URL(base).origin, localStorage: [{ name: AUTH_KEY, value }] }] };
}

/** A new browser context (a phone) where `who` is signed in, opened on the chats. */
export async function loggedInPage(
  browser: Browser,
  base: string,
  who: Person,
  prepare?: (ctx: BrowserContext) => Promise<void>,
): Promise<{ page: Page; errors: string[] }> {
  const ctx = await phoneContext(browser, { storageState: await signedInState(base, who) });
  await prepare?.(ctx);
  const page = await ctx.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${base}/#/`);
  await page.getByTestId('tabbar-home').waitFor();
  return { page, errors };
}

export const row = (page: Page, contactId: number | string) =>
  page.locator(`[data-testid="conversation-row"][data-id="${contactId}"]`);

export async function openChat(page: Page, contactId: number | string) {
  await row(page, contactId).click();
  await page.waitForURL(/#\/pages\/message\/chat/);
  await page.getByTestId('chat-input').waitFor();
}

/**
 * Starts a conversation that is not on the home list yet. (The address book, where a person
 * would start it, arrives with the friends and groups issue; the chat route is the same.)
 */
export async function startChat(page: Page, contactId: number | string) {
  await page.goto(`${new URL(page.url()).origin}/#/pages/message/chat?id=${contactId}`);
  await page.getByTestId('chat-input').waitFor();
}

export async function send(page: Page, text: string) {
  await fillTestId(page, 'chat-input', text);
  await page.getByTestId('chat-send').click();
}

/** Texts of the message bubbles on screen, in order. */
export async function bubbleTexts(page: Page): Promise<string[]> {
  return page.getByTestId('message-bubble').allInnerTexts();
}

/**
 * A network cable for one browser context: `/wss` goes through a proxy the test controls, so
 * `cut()` really drops the socket and refuses reconnects (Chromium's offline emulation leaves an
 * open WebSocket alone), and HTTP goes offline too.
 */
export async function cable(ctx: BrowserContext, opts: { onSent?(frame: string): void } = {}) {
  let down = false;
  const live: { close(): Promise<void> }[] = [];
  let opened = 0;
  await ctx.routeWebSocket(/\/wss/, (ws) => {
    if (down) {
      void ws.close({ code: 1006 });
      return;
    }
    opened += 1;
    const server = ws.connectToServer();
    // `onSent` sees every frame a page of this context sends (e.g. to count sendMessage calls).
    if (opts.onSent) {
      ws.onMessage((m) => {
        if (typeof m === 'string') opts.onSent?.(m);
        server.send(m);
      });
    }
    live.push(ws);
  });
  return {
    opened: () => opened,
    async cut() {
      down = true;
      await ctx.setOffline(true);
      await Promise.all(live.splice(0).map((ws) => ws.close()));
    },
    async restore(page: Page) {
      down = false;
      await ctx.setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
    },
  };
}

/** As an administrator: change chat settings (e.g. a short recall window `redoTime`). */
export async function setChatInfo(base: string, admin: Person, value: Record<string, unknown>): Promise<void> {
  await apiPost(base, '/manage/config/setConfig', { name: 'chatInfo', value }, admin.token);
}

/** Sends a text through the API (seeding history fast); returns the stored message. */
export async function sendByApi(base: string, from: Person, toContactId: number | string, content: string) {
  return (await apiPost(
    base,
    '/enterprise/im/sendMessage',
    { id: crypto.randomUUID(), type: 'text', content, toContactId },
    from.token,
  )) as { id: string; msg_id: number };
}

/** The newest messages of one conversation as `who` reads them (chat mode, oldest first). */
export async function messagesOf(base: string, who: Person, toContactId: number | string) {
  return (await apiPost(base, '/enterprise/im/getMessageList', { toContactId, limit: 20 }, who.token)) as {
    content: string;
    fromUser: { id: number };
  }[];
}

/** A PNG of random pixels (so it does not compress), drawn by the page's canvas. */
export async function noisyPng(page: Page, width: number, height: number): Promise<Buffer> {
  const b64 = await page.evaluate(
    async ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no canvas');
      const img = ctx.createImageData(w, h);
      for (let i = 0; i < img.data.length; i++) img.data[i] = i % 4 === 3 ? 255 : Math.floor(Math.random() * 256);
      ctx.putImageData(img, 0, 0);
      const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, 'image/png'));
      if (!blob) throw new Error('no png');
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let s = '';
      for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(s);
    },
    [width, height] as const,
  );
  return Buffer.from(b64, 'base64');
}

/** Throttles the page's uploads (Chromium network emulation) until `restore()`. */
export async function slowUploads(page: Page, bytesPerSecond = 200 * 1024) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return {
    async restore() {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await cdp.detach();
    },
  };
}

/** The hidden file input behind a "+" panel entry (album, camera, file), with the panel open. */
export async function openPlusEntryInput(page: Page, key: 'album' | 'camera' | 'file') {
  if ((await page.getByTestId('plus-panel').count()) === 0) await page.getByTestId('chat-plus').click();
  return page.getByTestId(`media-${key}-input`);
}

/** Creates a group through the API (the test's setting, not what it checks); returns `group-N`. */
export async function createGroupByApi(
  base: string,
  owner: Person,
  memberIds: number[],
  name: string,
): Promise<string> {
  const contact = (await apiPost(base, '/enterprise/group/add', { user_ids: memberIds, name }, owner.token)) as {
    id: string;
  };
  return contact.id;
}

/**
 * The element's box once it has stopped moving (a sheet slides up before it can be used). A
 * person drags what they see at rest; a pointer pressed mid-slide lands on the mask under it.
 */
export async function settledBox(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  let last = '';
  for (let i = 0; i < 100; i++) {
    const box = await locator.boundingBox();
    const now = JSON.stringify(box);
    if (box && now === last) return box;
    last = now;
    await locator.page().waitForTimeout(50);
  }
  throw new Error('the element never came to rest');
}

/**
 * Rewrites the answers of one API path, over HTTP and over the socket's `call`/`reply` frames
 * (PROTOCOL §11.6: a bound client sends its reads on the socket), as a broken proxy or an older
 * server would. Set it before the page (re)loads; `stop()` lets true answers through again.
 */
export async function tamperAnswers(
  page: Page,
  path: string,
  edit: (body: { data: unknown }) => unknown,
): Promise<{ stop(): Promise<void> }> {
  let active = true;
  const pattern = `**${path}`;
  await page.route(pattern, async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { data: unknown };
    // The body is decoded here and sent back as plain JSON: the server's compression headers stay behind.
    const headers = Object.fromEntries(
      Object.entries(res.headers()).filter(([k]) => k !== 'content-encoding' && k !== 'content-length'),
    );
    await route.fulfill({ response: res, headers, json: active ? edit(body) : body });
  });
  await page.routeWebSocket(/\/wss/, (ws) => {
    const server = ws.connectToServer();
    const calls = new Set<number>();
    ws.onMessage((m) => {
      if (typeof m === 'string' && m.includes('"call"')) {
        const f = JSON.parse(m) as { type?: string; seq?: number; path?: string };
        if (f.type === 'call' && f.path?.toLowerCase() === path.toLowerCase() && f.seq !== undefined) calls.add(f.seq);
      }
      server.send(m);
    });
    server.onMessage((m) => {
      if (active && typeof m === 'string' && m.includes('"reply"')) {
        const f = JSON.parse(m) as { type?: string; seq?: number; data: unknown };
        if (f.type === 'reply' && f.seq !== undefined && calls.delete(f.seq)) {
          ws.send(JSON.stringify({ ...f, ...(edit(f) as object) }));
          return;
        }
      }
      ws.send(m);
    });
  });
  return {
    async stop() {
      active = false;
      await page.unroute(pattern);
    },
  };
}
