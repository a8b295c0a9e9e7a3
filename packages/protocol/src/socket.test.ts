import { describe, expect, it } from 'vitest';
import { clientFrame, readClientFrame } from './socket';

/** What zod makes of a parsed frame: the reference the hand check of `call` frames must match. */
const byZod = (v: unknown) => {
  const r = clientFrame.safeParse(v);
  return r.success ? r.data : undefined;
};

const frames: unknown[] = [
  { type: 'call', seq: 1, path: '/enterprise/im/sendMessage', params: { content: 'hi', type: 'text' } },
  { type: 'call', seq: 2 ** 31, path: 'x' },
  { type: 'call', seq: 7, path: '/a', params: {}, extra: 'dropped' },
  { type: 'call', seq: 7, path: '/a', params: { nested: { deep: [1, 2] }, n: null } },
  // refused, by the hand check's fall-back to zod
  { type: 'call', seq: 0, path: '/a' },
  { type: 'call', seq: 2 ** 31 + 1, path: '/a' },
  { type: 'call', seq: 1.5, path: '/a' },
  { type: 'call', seq: '1', path: '/a' },
  { type: 'call', seq: 1, path: '' },
  { type: 'call', seq: 1, path: 'p'.repeat(201) },
  { type: 'call', seq: 1, path: 'p'.repeat(200) },
  { type: 'call', seq: 1, path: 5 },
  { type: 'call', seq: 1, path: '/a', params: null },
  { type: 'call', seq: 1, path: '/a', params: [1, 2] },
  { type: 'call', seq: 1, path: '/a', params: 'x' },
  { type: 'call', path: '/a' },
  // other frames go to zod as before
  { type: 'ping' },
  { type: 'bindUid', token: 't', user_id: 3 },
  { type: 'bindUid' },
  { type: 'nope' },
  null,
  [],
  'call',
  42,
];

describe('readClientFrame', () => {
  it('reads every frame as zod reads it', () => {
    for (const f of frames) expect(readClientFrame(f), JSON.stringify(f)).toEqual(byZod(f));
  });

  it('passes the params of a call on as parsed, and only the fields of a call', () => {
    const params = JSON.parse('{"content":"hi","__proto__":{"polluted":true}}') as Record<string, unknown>;
    const frame = readClientFrame({ type: 'call', seq: 3, path: '/a', params, junk: 1 });
    expect(frame).toEqual({ type: 'call', seq: 3, path: '/a', params });
    expect(frame && 'params' in frame && frame.params).toBe(params);
    expect(Object.keys(frame ?? {})).toEqual(['type', 'seq', 'path', 'params']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
