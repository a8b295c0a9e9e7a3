import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import '../../../i18n';
import { MessageList, type ChatItem } from './MessageList';

/**
 * Issue 15: a chat whose first page does not fill the view (short rows, a tall window) has no
 * scrollbar to pull up, so older pages must load by themselves until the view is full or the
 * oldest row (a group's "created the group" line) is there. In happy-dom nothing has a size:
 * every list is "shorter than the view".
 */
const item = (n: number): ChatItem => ({
  key: `m${n}`,
  sendTime: 1_700_000_000_000 + n * 1000,
  mine: false,
  render: () => <p>row {n}</p>,
});
const rows = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => item(from + i));

// The list's settle timer runs on fake time: the test moves it instead of waiting.
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('a chat shorter than its view', () => {
  it('loads older rows by itself while there are more, and stops when there are none', async () => {
    const onLoadOlder = vi.fn();
    const props = { loadingOlder: false, onLoadOlder, now: Date.now() };
    const view = render(<MessageList {...props} items={rows(12, 31)} hasMore />);
    await pass(400);
    expect(onLoadOlder).toHaveBeenCalledTimes(1);

    // The older page landed and it was the last one: nothing more is asked for.
    view.rerender(<MessageList {...props} items={rows(1, 31)} hasMore={false} />);
    await pass(400);
    expect(onLoadOlder).toHaveBeenCalledTimes(1);
  });

  it('still loads older rows when the rows are re-rendered during the first moments', async () => {
    const onLoadOlder = vi.fn();
    const props = { hasMore: true, loadingOlder: false, onLoadOlder, now: Date.now() };
    const view = render(<MessageList {...props} items={rows(12, 31)} />);
    // The same rows again, as a refetch after the socket binds or group names arriving make them.
    for (let i = 0; i < 4; i++) {
      await pass(100);
      view.rerender(<MessageList {...props} items={rows(12, 31)} />);
    }
    await pass(400);
    expect(onLoadOlder).toHaveBeenCalledTimes(1);
  });

  it('does not ask while a page is loading, nor when the chat has no older rows', async () => {
    const onLoadOlder = vi.fn();
    const view = render(
      <MessageList
        items={rows(1, 5)}
        hasMore={false}
        loadingOlder={false}
        onLoadOlder={onLoadOlder}
        now={Date.now()}
      />,
    );
    await pass(400);
    view.rerender(<MessageList items={rows(1, 5)} hasMore loadingOlder onLoadOlder={onLoadOlder} now={Date.now()} />);
    await pass(100);
    expect(onLoadOlder).not.toHaveBeenCalled();
  });
});
