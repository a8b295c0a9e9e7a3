/**
 * Every API answer is this envelope (PROTOCOL §1.3). Success: code 0, `count` total rows of a
 * list (else 0), `page` the page served (else 1). Failure: count 0, data "", page 0.
 *
 * Over HTTP an envelope of 1,400 bytes or more is compressed when the request's `Accept-Encoding`
 * allows it (`br` preferred, then `gzip`; `Content-Encoding` and `Vary: Accept-Encoding` say so),
 * as HTTP lets any server do: browsers and HTTP libraries decode it, and a client that sends no
 * `Accept-Encoding` gets the JSON as it is. Socket frames (§11) are never compressed.
 */
export interface Envelope<T = unknown> {
  code: ResultCode;
  msg: string;
  count: number;
  data: T | '';
  page: number;
}

/** Body codes (PROTOCOL §1.3, §13.1). 404 and 413 also travel as the HTTP status. */
export const ResultCode = {
  ok: 0,
  rule: 400,
  hardStop: 401,
  logout: -1,
  fault: 502,
  notFound: 404,
  tooLarge: 413,
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];
