import qs from 'qs';

/** A thin client for the enveloped API, speaking JSON or form-encoded bodies. */

// Responses are asserted field by field in tests, not typed: `any` keeps those assertions short.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface Envelope<T = any> {
  code: number;
  msg: string;
  count: number;
  data: T;
  page: number;
}

export interface CallOptions {
  /** Sent as `Authorization` verbatim (login's `authToken` already starts with "bearer "). */
  token?: string;
  /** Accept-Language header. */
  lang?: string;
  /** Send application/x-www-form-urlencoded (qs bracket encoding) instead of JSON. */
  form?: boolean;
  headers?: Record<string, string>;
  method?: string;
  /** Raw body text, sent as is with `headers['content-type']`. */
  raw?: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface Response<T = any> {
  status: number;
  headers: Headers;
  body: Envelope<T>;
}

export interface Api {
  url: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  post<T = any>(path: string, body?: Record<string, unknown>, opts?: CallOptions): Promise<Response<T>>;
}

export function createApi(url: string): Api {
  return {
    url,
    async post(path, body = {}, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.authorization = opts.token;
      if (opts.lang) headers['accept-language'] = opts.lang;
      let payload: string | undefined = opts.raw;
      if (payload === undefined && opts.method !== 'GET' && opts.method !== 'HEAD') {
        if (opts.form) {
          headers['content-type'] ??= 'application/x-www-form-urlencoded';
          payload = qs.stringify(body);
        } else {
          headers['content-type'] ??= 'application/json';
          payload = JSON.stringify(body);
        }
      }
      const res = await fetch(url + path, { method: opts.method ?? 'POST', headers, body: payload });
      const text = await res.text();
      let parsed: Envelope;
      try {
        parsed = JSON.parse(text) as Envelope;
      } catch {
        throw new Error(`Not an envelope (HTTP ${res.status}): ${text.slice(0, 200)}`);
      }
      return { status: res.status, headers: res.headers, body: parsed };
    },
  };
}
