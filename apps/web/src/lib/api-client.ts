import { limits, paths, type Envelope } from '@parley/protocol';
import { currentCallChannel, maxCallFrameChars, SocketCallTimeoutError, type CallChannel } from './socket';

/**
 * The only `fetch` of the web client (ARCHITECTURE §3). Every call is a JSON POST with the
 * headers of spec §7, a 10 s timeout, and the user-facing reactions of spec §8. Side effects
 * (toasts, dialogs, credentials, navigation) are injected so this file is testable and knows
 * nothing about the UI kit or the router.
 */

/** Body codes that show the server's msg as a 2.5 s toast (spec §8). */
const toastCodes: readonly number[] = [0, 400, 401, 402, 403, 404, 405, 500, 502];

/** `aborted`: the caller cancelled an upload (its signal fired); nothing is shown. */
export type ApiErrorKind = 'offline' | 'setup' | 'network' | 'auth-expired' | 'server' | 'code' | 'aborted';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    /** Body code for kind 'code', HTTP status for 'auth-expired' / 'server'. */
    readonly code: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type NetTextKey = 'offline' | 'authExpiredTitle' | 'authExpired' | 'serverError' | 'noNetwork' | 'networkExpire';

export interface ApiDeps {
  fetch: typeof fetch;
  isOnline: () => boolean;
  getToken: () => string | null;
  getClientId: () => string;
  getCid: () => string;
  getLanguage: () => string;
  text: (key: NetTextKey) => string;
  toast: (text: string, durationMs: number) => void;
  /** A dialog with one button; resolves when the user confirms. */
  alert: (title: string, text: string) => Promise<void>;
  clearCredentials: () => void;
  goLogin: () => void;
  timeoutMs: number;
  logoutDelayMs: number;
  /** Uploads use XMLHttpRequest: fetch reports no upload progress. */
  xhr: () => XMLHttpRequest;
  /** An upload fails when no byte moved for this long (spec §9: 60 s network timeout). */
  uploadIdleMs: number;
  /** The socket while it is bound (PROTOCOL §11.6): calls go over it instead of HTTP. */
  callChannel: () => CallChannel | null;
}

export interface RequestOptions {
  /** Do not toast a success msg (code 0). Failures are always shown (spec §8). */
  quietSuccess?: boolean;
  /**
   * A background call nobody asked for (a crash report): failures are not shown either, since
   * the person could do nothing about them. The promise still rejects.
   */
  silent?: boolean;
}

export interface UploadOptions extends RequestOptions {
  /** Fraction 0–1 of the body sent so far. */
  onProgress?(fraction: number): void;
  /** Aborting it stops the upload; the promise rejects with kind `aborted` and shows nothing. */
  signal?: AbortSignal;
}

const noop = () => {};

const defaultDeps: ApiDeps = {
  fetch: (...args) => globalThis.fetch(...args),
  isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false),
  getToken: () => null,
  getClientId: () => '',
  getCid: () => '',
  getLanguage: () => 'zh-Hans',
  text: (key) => key,
  toast: noop,
  alert: async () => {},
  clearCredentials: noop,
  goLogin: noop,
  timeoutMs: limits.apiTimeoutMs,
  logoutDelayMs: 1000,
  xhr: () => new XMLHttpRequest(),
  uploadIdleMs: 60_000,
  callChannel: currentCallChannel,
};

/**
 * Reads whose answers grow with the company, not with a page: the chat list (500 chats are 221 kB
 * of JSON), everyone in my contact set, a whole group's members, the organization tree. They stay
 * on HTTP, where the server compresses large answers (that list to 9 kB); socket frames travel
 * uncompressed. Reopening the app on "Fast 3G" got the list 1.2 s sooner (performance.md).
 */
const BULK_READS: ReadonlySet<string> = new Set(
  [paths.getContacts, paths.groupGetAllUser, paths.groupUserList, paths.orgTree].map((p) => p.toLowerCase()),
);

/**
 * Paths a bound socket carries (§11.6): the signed-in user's calls of §3–§10 and §16. Sign-in,
 * sign-out and socket binding (`/common/pub/…`) stay on HTTP: they change the very session the
 * socket runs on. Uploads never reach `request`; `/manage/…` the server refuses over the socket.
 * The bulk reads above go over HTTP too.
 */
const viaSocket = (path: string) =>
  /^\/?enterprise\//i.test(path) && !BULK_READS.has(`/${path.replace(/^\/+/, '')}`.toLowerCase());

function isEnvelope(v: unknown): v is Envelope {
  return typeof v === 'object' && v !== null && 'code' in v && typeof (v as { code: unknown }).code === 'number';
}

export interface ApiClient {
  /** The whole envelope of a successful (code 0) answer. */
  request<T>(path: string, body?: object, options?: RequestOptions): Promise<Envelope<T>>;
  /** Only `data` of a successful answer. */
  post<T>(path: string, body?: object, options?: RequestOptions): Promise<T>;
  /**
   * A multipart POST (PROTOCOL §5) with progress and cancel; `data` of a successful answer.
   * Same headers and the same reactions to codes as `request` (401 = refused: toast the msg).
   */
  upload<T>(path: string, form: FormData, options?: UploadOptions): Promise<T>;
  /**
   * GET JSON from a third-party service (the maps provider's URL templates): no session
   * headers or cookies, so no token leaves this origin; the usual timeout; shows nothing —
   * the caller says what failed. Rejects with an ApiError (`offline` / `network`).
   */
  getExternalJson(url: string): Promise<unknown>;
}

export function createApiClient(
  overrides: Partial<ApiDeps> = {},
): ApiClient & { configure(d: Partial<ApiDeps>): void } {
  const deps: ApiDeps = { ...defaultDeps, ...overrides };

  const fail = (kind: ApiErrorKind, message: string, code: number | null = null, toast = true): never => {
    if (toast) deps.toast(message, limits.serverToastMs);
    throw new ApiError(kind, message, code);
  };

  /** Session and language headers of every call (spec §7); the body type is the caller's. */
  const sessionHeaders = (): Headers => {
    const headers = new Headers({
      'Accept-Language': deps.getLanguage(),
      clientId: deps.getClientId(),
      cid: deps.getCid(),
    });
    const token = deps.getToken();
    if (token) headers.set('Authorization', token);
    return headers;
  };

  /**
   * The call over the bound socket, or undefined when it should go over HTTP: no bound socket,
   * too big a frame, or the socket closed before the reply (the call may have run; a retry over
   * HTTP is what a lost HTTP answer would get too, and sends are idempotent by message id).
   */
  async function overSocket(path: string, body: object): Promise<unknown> {
    const channel = viaSocket(path) ? deps.callChannel() : null;
    if (!channel) return undefined;
    // The socket speaks the language of its upgrade request; this client's choice goes with the call.
    const params = 'lang' in body ? body : { ...body, lang: deps.getLanguage() };
    if (JSON.stringify(params).length > maxCallFrameChars) return undefined;
    try {
      return await channel.call(path, params, deps.timeoutMs);
    } catch (e) {
      // Late, not lost: like an HTTP call past its timeout, it fails (a retry could run it twice).
      if (e instanceof SocketCallTimeoutError) throw e;
      // Dropped before its reply (SocketCallDroppedError), or never sent: HTTP with the same body.
      return undefined;
    }
  }

  async function request<T>(path: string, body: object = {}, options: RequestOptions = {}): Promise<Envelope<T>> {
    const loud = !options.silent;
    if (!deps.isOnline()) fail('offline', deps.text('offline'), null, loud);

    let socketAnswer: unknown;
    try {
      socketAnswer = await overSocket(path, body);
    } catch {
      return fail('network', deps.text('noNetwork'), null, loud);
    }
    if (socketAnswer !== undefined) return settle<T>(200, socketAnswer, options);

    let init: RequestInit;
    const controller = new AbortController();
    try {
      const headers = sessionHeaders();
      headers.set('Content-Type', 'application/json');
      init = { method: 'POST', headers, body: JSON.stringify(body), signal: controller.signal };
    } catch {
      return fail('setup', deps.text('networkExpire'), null, loud);
    }

    const timer = setTimeout(() => controller.abort(), deps.timeoutMs);
    let res: Response;
    let parsed: unknown;
    try {
      res = await deps.fetch(path, init);
      parsed = await res.json().catch(() => undefined);
    } catch {
      return fail('network', deps.text('noNetwork'), null, loud);
    } finally {
      clearTimeout(timer);
    }
    return settle<T>(res.status, parsed, options);
  }

  /** The reactions of spec §8 to an answer's HTTP status and envelope; the envelope on code 0. */
  function settle<T>(status: number, parsed: unknown, options: RequestOptions): Envelope<T> {
    if (status === 401) {
      deps.clearCredentials();
      void deps.alert(deps.text('authExpiredTitle'), deps.text('authExpired')).then(() => deps.goLogin());
      throw new ApiError('auth-expired', deps.text('authExpired'), 401);
    }
    const loud = !options.silent;
    if (status === 500) fail('server', deps.text('serverError'), 500, loud);
    if (!isEnvelope(parsed)) return fail('network', deps.text('noNetwork'), status, loud);

    const env = parsed as Envelope<T>;
    const msg = typeof env.msg === 'string' ? env.msg : '';
    const code: number = env.code;
    if (code === -1) {
      // Only the first -1 of a session speaks: it says why (signed in elsewhere, expired). Calls
      // under way, or sent after it wiped the token, answer "please log in first", which would
      // cover that reason with a wrong one (issue 42 #8).
      if (!deps.getToken()) throw new ApiError('code', msg, -1);
      if (msg) deps.toast(msg, limits.serverToastMs);
      deps.clearCredentials();
      setTimeout(() => deps.goLogin(), deps.logoutDelayMs);
      throw new ApiError('code', msg, -1);
    }
    if (code === 0) {
      if (msg && !options.quietSuccess) deps.toast(msg, limits.serverToastMs);
      return env;
    }
    // Listed codes toast their msg; an unlisted one with a msg is shown too rather than lost.
    if (loud && msg && (toastCodes.includes(code) || code > 0)) deps.toast(msg, limits.serverToastMs);
    throw new ApiError('code', msg, code);
  }

  async function upload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
    if (!deps.isOnline()) fail('offline', deps.text('offline'));
    if (options.signal?.aborted) throw new ApiError('aborted', '');
    return new Promise<T>((resolve, reject) => {
      const xhr = deps.xhr();
      let idle: ReturnType<typeof setTimeout> | undefined;
      const done = () => {
        clearTimeout(idle);
        options.signal?.removeEventListener('abort', onAbort);
      };
      const failWith = (kind: ApiErrorKind, text: string) => {
        done();
        deps.toast(text, limits.serverToastMs);
        reject(new ApiError(kind, text));
      };
      // A stalled upload fails; a slow one that keeps moving may take as long as it needs.
      const watch = () => {
        clearTimeout(idle);
        idle = setTimeout(() => {
          xhr.abort();
          failWith('network', deps.text('noNetwork'));
        }, deps.uploadIdleMs);
      };
      const onAbort = () => {
        xhr.abort();
        done();
        reject(new ApiError('aborted', ''));
      };
      try {
        xhr.open('POST', path);
        sessionHeaders().forEach((value, name) => xhr.setRequestHeader(name, value));
      } catch {
        failWith('setup', deps.text('networkExpire'));
        return;
      }
      xhr.upload.onprogress = (e) => {
        watch();
        if (e.lengthComputable && e.total > 0) options.onProgress?.(Math.min(1, e.loaded / e.total));
      };
      xhr.onerror = () => failWith('network', deps.text('noNetwork'));
      xhr.onload = () => {
        done();
        let parsed: unknown;
        try {
          parsed = JSON.parse(xhr.responseText);
        } catch {
          parsed = undefined;
        }
        try {
          resolve(settle<T>(xhr.status, parsed, options).data as T);
        } catch (e) {
          reject(e);
        }
      };
      options.signal?.addEventListener('abort', onAbort);
      watch();
      xhr.send(form);
    });
  }

  async function getExternalJson(url: string): Promise<unknown> {
    if (!deps.isOnline()) throw new ApiError('offline', deps.text('offline'));
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), deps.timeoutMs);
    try {
      const res = await deps.fetch(url, {
        method: 'GET',
        headers: { Accept: 'application/json' },
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
        signal: controller.signal,
      });
      if (!res.ok) throw new ApiError('network', deps.text('noNetwork'), res.status);
      return (await res.json()) as unknown;
    } catch (e) {
      throw e instanceof ApiError ? e : new ApiError('network', deps.text('noNetwork'));
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    request,
    upload,
    getExternalJson,
    async post<T>(path: string, body?: object, options?: RequestOptions): Promise<T> {
      const env = await request<T>(path, body, options);
      return env.data as T;
    },
    configure(d: Partial<ApiDeps>) {
      Object.assign(deps, d);
    },
  };
}

/** The app-wide client; `app/` wires its side effects at start-up (configureApi). */
export const api = createApiClient();
export const configureApi = (d: Partial<ApiDeps>): void => api.configure(d);
/** Third-party JSON (maps provider) through the app-wide client; see `getExternalJson`. */
export const fetchExternalJson = (url: string): Promise<unknown> => api.getExternalJson(url);
