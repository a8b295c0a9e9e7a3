import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, type ApiDeps, type NetTextKey } from './api-client';
import { SocketCallDroppedError, SocketCallTimeoutError, type CallChannel } from './socket';

const texts: Record<NetTextKey, string> = {
  offline: 'Your network has been disconnected, please check!',
  authExpiredTitle: 'Tips',
  authExpired: 'The authorization information has expired. Please log in again!',
  serverError: 'The server returned an error, please check!',
  noNetwork: 'No network',
  networkExpire: 'Network Expire',
};

const envelope = (code: number, msg = '', data: unknown = '') => ({
  code,
  msg,
  count: 0,
  data,
  page: code === 0 ? 1 : 0,
});
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setup(overrides: Partial<ApiDeps> = {}) {
  const fetch = vi.fn<ApiDeps['fetch']>(async () => json(envelope(0, '', { ok: true })));
  const deps = {
    fetch,
    isOnline: () => true,
    getToken: () => 'bearer abc.def.ghi',
    getClientId: () => 'node1.7',
    getCid: () => 'device-1234',
    getLanguage: () => 'en',
    text: (k: NetTextKey) => texts[k],
    toast: vi.fn<ApiDeps['toast']>(),
    alert: vi.fn<ApiDeps['alert']>(async () => {}),
    clearCredentials: vi.fn(),
    goLogin: vi.fn(),
    ...overrides,
  };
  return { client: createApiClient(deps), ...deps, fetch: (overrides.fetch as typeof fetch) ?? fetch };
}

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected a rejection');
}

describe('api client: request shape (spec §7)', () => {
  it('POSTs JSON with the token verbatim, client id, cid and language', async () => {
    const { client, fetch } = setup();
    const data = await client.post('/common/pub/login', { account: 'alice01' });
    expect(data).toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/common/pub/login');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ account: 'alice01' }));
    const h = new Headers(init?.headers);
    expect(h.get('content-type')).toBe('application/json');
    expect(h.get('authorization')).toBe('bearer abc.def.ghi');
    expect(h.get('clientid')).toBe('node1.7');
    expect(h.get('cid')).toBe('device-1234');
    expect(h.get('accept-language')).toBe('en');
  });

  it('sends no Authorization header when logged out', async () => {
    const { client, fetch } = setup({ getToken: () => null });
    await client.post('/common/pub/getSystemInfo');
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).has('authorization')).toBe(false);
  });
});

describe('api client: error catalogue (spec §8)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('blocks the request when the device is offline', async () => {
    const { client, fetch, toast } = setup({ isOnline: () => false });
    const err = await rejection(client.post('/x'));
    expect(err.kind).toBe('offline');
    expect(fetch).not.toHaveBeenCalled();
    expect(toast).toHaveBeenCalledWith('Your network has been disconnected, please check!', 2500);
  });

  it('shows a success msg (code 0) for 2.5 s unless asked to stay quiet', async () => {
    const { client, toast, fetch } = setup();
    fetch.mockResolvedValueOnce(json(envelope(0, 'Logged in', { authToken: 't' })));
    await expect(client.post('/common/pub/login')).resolves.toEqual({ authToken: 't' });
    expect(toast).toHaveBeenCalledWith('Logged in', 2500);
    fetch.mockResolvedValueOnce(json(envelope(0, 'Saved')));
    await client.post('/x', {}, { quietSuccess: true });
    expect(toast).toHaveBeenCalledTimes(1);
  });

  it.each([400, 401, 402, 403, 404, 405, 500, 502])('code %i shows msg for 2.5 s and rejects', async (code) => {
    const { client, toast, fetch, clearCredentials } = setup();
    fetch.mockResolvedValueOnce(json(envelope(code, 'Wrong account or password'), code === 404 ? 404 : 200));
    const err = await rejection(client.post('/x'));
    expect(err.kind).toBe('code');
    expect(err.code).toBe(code);
    expect(err.message).toBe('Wrong account or password');
    expect(toast).toHaveBeenCalledWith('Wrong account or password', 2500);
    expect(clearCredentials).not.toHaveBeenCalled();
  });

  it('code -1 shows msg, wipes credentials and goes to login after 1 s', async () => {
    const { client, toast, fetch, clearCredentials, goLogin } = setup();
    fetch.mockResolvedValueOnce(json(envelope(-1, 'Your login has expired, please log in again')));
    const err = await rejection(client.post('/x'));
    expect(err.code).toBe(-1);
    expect(toast).toHaveBeenCalledWith('Your login has expired, please log in again', 2500);
    expect(clearCredentials).toHaveBeenCalledTimes(1);
    expect(goLogin).not.toHaveBeenCalled();
    vi.advanceTimersByTime(999);
    expect(goLogin).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(goLogin).toHaveBeenCalledTimes(1);
  });

  it('a revoked session says why once: the answers after it (no token left) do not say "log in first"', async () => {
    let token = 'bearer abc.def.ghi';
    const { client, toast, fetch, goLogin } = setup({
      getToken: () => token,
      clearCredentials: () => void (token = ''),
    });
    fetch.mockResolvedValueOnce(json(envelope(-1, 'Your account was signed in on another device')));
    fetch.mockResolvedValueOnce(json(envelope(-1, 'Please log in first')));
    expect((await rejection(client.post('/a'))).code).toBe(-1);
    expect((await rejection(client.post('/b'))).code).toBe(-1);
    expect(vi.mocked(toast).mock.calls).toEqual([['Your account was signed in on another device', 2500]]);
    vi.advanceTimersByTime(1000);
    expect(goLogin).toHaveBeenCalledTimes(1);
  });

  it('HTTP 401 opens the expired-authorization dialog whose confirm goes to login', async () => {
    let confirm: () => void = () => {};
    const alert = vi.fn<ApiDeps['alert']>(() => new Promise<void>((r) => (confirm = r)));
    const { client, fetch, goLogin } = setup({ alert });
    fetch.mockResolvedValueOnce(new Response('', { status: 401 }));
    const err = await rejection(client.post('/x'));
    expect(err.kind).toBe('auth-expired');
    expect(alert).toHaveBeenCalledWith('Tips', 'The authorization information has expired. Please log in again!');
    expect(goLogin).not.toHaveBeenCalled();
    confirm();
    await vi.waitFor(() => expect(goLogin).toHaveBeenCalledTimes(1));
  });

  it('a silent call (a crash report) shows no failure at all but still rejects', async () => {
    const { client, toast, fetch } = setup();
    fetch.mockResolvedValueOnce(json(envelope(400, 'Too many requests, please try again later')));
    expect((await rejection(client.post('/x', {}, { silent: true }))).code).toBe(400);
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect((await rejection(client.post('/x', {}, { silent: true }))).kind).toBe('network');
    fetch.mockResolvedValueOnce(new Response('oops', { status: 500 }));
    expect((await rejection(client.post('/x', {}, { silent: true }))).kind).toBe('server');
    expect(toast).not.toHaveBeenCalled();
  });

  it('HTTP 500 says the server returned an error', async () => {
    const { client, fetch, toast } = setup();
    fetch.mockResolvedValueOnce(new Response('oops', { status: 500 }));
    const err = await rejection(client.post('/x'));
    expect(err.kind).toBe('server');
    expect(toast).toHaveBeenCalledWith('The server returned an error, please check!', 2500);
  });

  it('a failed fetch or an unreadable answer is "No network"', async () => {
    const { client, fetch, toast } = setup();
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect((await rejection(client.post('/x'))).kind).toBe('network');
    fetch.mockResolvedValueOnce(new Response('<html>bad gateway</html>', { status: 502 }));
    expect((await rejection(client.post('/x'))).kind).toBe('network');
    expect(toast).toHaveBeenNthCalledWith(1, 'No network', 2500);
    expect(toast).toHaveBeenNthCalledWith(2, 'No network', 2500);
  });

  it('gives up after 10 s', async () => {
    const fetch = vi.fn<ApiDeps['fetch']>(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const { client, toast } = setup({ fetch });
    const p = rejection(client.post('/x'));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(toast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect((await p).kind).toBe('network');
    expect(toast).toHaveBeenCalledWith('No network', 2500);
  });

  it('a request that cannot be built is "Network Expire"', async () => {
    const { client, fetch, toast } = setup();
    const err = await rejection(client.post('/x', { n: 1n }));
    expect(err.kind).toBe('setup');
    expect(fetch).not.toHaveBeenCalled();
    expect(toast).toHaveBeenCalledWith('Network Expire', 2500);
  });
});

/** A stand-in XMLHttpRequest the test drives: progress, answer, failure. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(body: unknown, status = 200) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

const xhr = () => {
  if (!FakeXhr.last) throw new Error('no request');
  return FakeXhr.last;
};

describe('api client: uploads (XMLHttpRequest)', () => {
  const up = (o: Partial<ApiDeps> = {}) => setup({ xhr: () => new FakeXhr() as unknown as XMLHttpRequest, ...o });
  beforeEach(() => {
    FakeXhr.last = undefined;
  });
  afterEach(() => vi.useRealTimers());

  it('POSTs the form with the session headers, reports progress and resolves with data', async () => {
    const { client } = up();
    const form = new FormData();
    const progress: number[] = [];
    const p = client.upload('/common/upload/uploadFile', form, { onProgress: (f) => progress.push(f) });
    await Promise.resolve();
    expect(xhr().method).toBe('POST');
    expect(xhr().url).toBe('/common/upload/uploadFile');
    expect(xhr().body).toBe(form);
    expect(xhr().headers).toMatchObject({
      authorization: 'bearer abc.def.ghi',
      clientid: 'node1.7',
      cid: 'device-1234',
      'accept-language': 'en',
    });
    // The browser sets the multipart boundary itself.
    expect(xhr().headers['content-type']).toBeUndefined();
    xhr().progress(25, 100);
    xhr().progress(100, 100);
    xhr().answer(envelope(0, '', { file_id: 3 }));
    await expect(p).resolves.toEqual({ file_id: 3 });
    expect(progress).toEqual([0.25, 1]);
  });

  it('shows the msg of a refused upload (401: too large / type) and rejects with that code', async () => {
    const { client, toast } = up();
    const p = client.upload('/common/upload/uploadFile', new FormData());
    await Promise.resolve();
    xhr().answer(envelope(401, 'Files are limited to 50 MB'));
    const e = await rejection(p);
    expect(e.kind).toBe('code');
    expect(e.code).toBe(401);
    expect(toast).toHaveBeenCalledWith('Files are limited to 50 MB', 2500);
  });

  it('cancels silently when the signal aborts', async () => {
    const { client, toast } = up();
    const controller = new AbortController();
    const p = client.upload('/common/upload/uploadFile', new FormData(), { signal: controller.signal });
    await Promise.resolve();
    controller.abort();
    const e = await rejection(p);
    expect(e.kind).toBe('aborted');
    expect(xhr().aborted).toBe(true);
    expect(toast).not.toHaveBeenCalled();
  });

  it('says "No network" when the connection fails, and when an upload stalls', async () => {
    vi.useFakeTimers();
    const { client, toast } = up({ text: (k) => (k === 'noNetwork' ? 'No network' : k), uploadIdleMs: 1000 });
    const failed = client.upload('/x', new FormData());
    await Promise.resolve();
    xhr().onerror?.();
    expect((await rejection(failed)).kind).toBe('network');

    const stalled = client.upload('/x', new FormData());
    await Promise.resolve();
    const stalledXhr = xhr();
    vi.advanceTimersByTime(900);
    stalledXhr.progress(10, 100);
    vi.advanceTimersByTime(900);
    expect(stalledXhr.aborted).toBe(false);
    vi.advanceTimersByTime(200);
    expect(stalledXhr.aborted).toBe(true);
    expect((await rejection(stalled)).kind).toBe('network');
    expect(toast).toHaveBeenCalledWith('No network', 2500);
  });

  it('sends a token failure (-1) to login like any other call', async () => {
    vi.useFakeTimers();
    const { client, clearCredentials, goLogin } = up({ logoutDelayMs: 10 });
    const p = client.upload('/x', new FormData());
    await Promise.resolve();
    xhr().answer(envelope(-1, 'Your login has expired'));
    expect((await rejection(p)).code).toBe(-1);
    expect(clearCredentials).toHaveBeenCalled();
    vi.advanceTimersByTime(10);
    expect(goLogin).toHaveBeenCalled();
  });
});

describe('api client: calls over the bound socket (PROTOCOL §11.6)', () => {
  const channel = (answer: (path: string, params: object) => Promise<unknown>) => {
    const call = vi.fn<CallChannel['call']>((path, params) => answer(path, params));
    return { call };
  };

  it('sends and reads over the socket while it is bound, with the chosen language, and HTTP otherwise', async () => {
    const ch = channel(async () => envelope(0, '', { via: 'socket' }));
    let bound = true;
    const { client, fetch } = setup({ callChannel: () => (bound ? ch : null) });
    expect(await client.post('/enterprise/im/sendMessage', { id: 'u1', content: 'hi' })).toEqual({ via: 'socket' });
    expect(ch.call).toHaveBeenCalledWith(
      '/enterprise/im/sendMessage',
      { id: 'u1', content: 'hi', lang: 'en' },
      expect.any(Number),
    );
    expect(fetch).not.toHaveBeenCalled();
    // Signing out and binding stay on HTTP: they change the session the socket runs on.
    await client.post('/common/pub/logout', {});
    expect(fetch).toHaveBeenCalledTimes(1);
    bound = false;
    expect(await client.post('/enterprise/im/getContacts', {})).toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(ch.call).toHaveBeenCalledTimes(1);
  });

  it('reads the lists that grow with the company over HTTP even while bound, where they travel compressed', async () => {
    const ch = channel(async () => envelope(0, '', { via: 'socket' }));
    const { client, fetch } = setup({ callChannel: () => ch });
    for (const path of [
      '/enterprise/im/getContacts',
      'enterprise/IM/getcontacts',
      '/enterprise/group/getAllUser',
      '/enterprise/group/groupUserList',
      '/enterprise/org/tree',
    ]) {
      expect(await client.post(path, {})).toEqual({ ok: true });
    }
    expect(fetch).toHaveBeenCalledTimes(5);
    expect(ch.call).not.toHaveBeenCalled();
    // A page of history is bounded by its limit: it stays on the socket.
    expect(await client.post('/enterprise/im/getMessageList', { toContactId: 2 })).toEqual({ via: 'socket' });
    expect(fetch).toHaveBeenCalledTimes(5);
  });

  it('reacts to a socket answer as to an HTTP one (a refusal toasts and rejects)', async () => {
    const ch = channel(async () => envelope(400, 'Not your friend'));
    const { client, toast } = setup({ callChannel: () => ch });
    const err = await rejection(client.post('/enterprise/im/sendMessage', { id: 'u2' }));
    expect([err.kind, err.code, err.message]).toEqual(['code', 400, 'Not your friend']);
    expect(toast).toHaveBeenCalledWith('Not your friend', expect.any(Number));
  });

  it('retries over HTTP with the same body when the socket drops before the reply', async () => {
    const ch = channel(async () => Promise.reject(new SocketCallDroppedError()));
    const { client, fetch } = setup({ callChannel: () => ch });
    expect(await client.post('/enterprise/im/sendMessage', { id: 'same-uuid', content: 'hi' })).toEqual({ ok: true });
    expect(fetch.mock.calls[0]?.[1]?.body).toBe(JSON.stringify({ id: 'same-uuid', content: 'hi' }));
  });

  it('fails a late socket reply as a network error, without a second send', async () => {
    const ch = channel(async () => Promise.reject(new SocketCallTimeoutError()));
    const { client, fetch, toast } = setup({ callChannel: () => ch });
    const err = await rejection(client.post('/enterprise/im/getMessageList', {}));
    expect(err.kind).toBe('network');
    expect(toast).toHaveBeenCalledWith(texts.noNetwork, expect.any(Number));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends over HTTP what does not fit a socket frame', async () => {
    const ch = channel(async () => envelope(0));
    const { client, fetch } = setup({ callChannel: () => ch });
    await client.post('/enterprise/im/sendMessage', { content: 'x'.repeat(70_000) });
    expect(ch.call).not.toHaveBeenCalled();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
