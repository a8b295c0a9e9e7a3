import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { EventFrame } from '@parley/protocol';
import { refreshAfterBind } from '../realtime/dispatch';
import { testDispatcher } from '../../test/dispatcher';
import { feedKey, noticesKey, unreadKey } from './api';

const stale = (qc: QueryClient, key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated ?? false;

function setup() {
  const qc = new QueryClient();
  for (const key of [unreadKey, noticesKey, feedKey('all')]) qc.setQueryData(key, {});
  const dispatch = testDispatcher(qc);
  return { qc, dispatch };
}
const frame = (data: unknown): EventFrame => ({ type: 'moments', time: 1, data });

describe('moments push', () => {
  it('re-reads the badge for a new post, and the feed and notices for a like or comment', () => {
    const a = setup();
    a.dispatch(frame({ kind: 'post', moment_id: 3 }));
    expect(stale(a.qc, unreadKey)).toBe(true);
    expect(stale(a.qc, feedKey('all'))).toBe(false);
    const b = setup();
    b.dispatch(frame({ kind: 'comment', moment_id: 3 }));
    expect([unreadKey, noticesKey, feedKey('all')].map((k) => stale(b.qc, k))).toEqual([true, true, true]);
  });

  it('re-reads what moments shows after a reconnect', () => {
    const { qc } = setup();
    refreshAfterBind(qc);
    expect(stale(qc, unreadKey)).toBe(true);
  });
});
