import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import '../../../i18n';
import { MessageList, TopLine, type ChatItem } from './MessageList';

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

// The virtual list draws no rows in happy-dom: its line above the oldest row is drawn alone here,
// the list itself in e2e/tests/offline-history.test.ts.
describe('the line above the oldest row (issue 42 #4)', () => {
  it('says there are no earlier messages only when the server said so', () => {
    expect(render(<TopLine note={null} hasMore={false} noMore="没有更早的消息了" />).container.textContent).toBe(
      '没有更早的消息了',
    );
    cleanup();
    expect(render(<TopLine note={null} hasMore noMore="没有更早的消息了" />).container.textContent).toBe('');
  });

  it('says the rows are the saved ones when the server could not be asked, never "no earlier messages"', () => {
    const view = render(
      <TopLine note={{ text: '离线，显示已保存的消息' }} hasMore={false} noMore="没有更早的消息了" />,
    );
    expect(view.container.textContent).toBe('离线，显示已保存的消息');
  });

  it('offers to ask again when an older page could not be read', () => {
    const onRetry = vi.fn();
    const view = render(
      <TopLine note={{ text: '未能加载更早的消息，点按重试', onRetry }} hasMore noMore="没有更早的消息了" />,
    );
    act(() => view.getByRole('button', { name: '未能加载更早的消息，点按重试' }).click());
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('a chat opened at an old message (a window with newer rows below)', () => {
  it('keeps "back to the latest" on screen while the next newer page loads', async () => {
    const onToLatest = vi.fn();
    const props = {
      hasMore: false,
      loadingOlder: false,
      onLoadOlder: vi.fn(),
      now: Date.now(),
      hasNewer: true,
      onToLatest,
    };
    const view = render(<MessageList {...props} items={rows(100, 119)} loadingNewer={false} onLoadNewer={vi.fn()} />);
    const pill = view.getByTestId('to-latest-pill');
    view.rerender(<MessageList {...props} items={rows(100, 119)} loadingNewer onLoadNewer={vi.fn()} />);
    // The same button, still in the page, with the loading note beside it.
    expect(pill.isConnected).toBe(true);
    expect(view.getByText('正在加载更新的消息…')).toBeTruthy();
    act(() => pill.click());
    expect(onToLatest).toHaveBeenCalledTimes(1);
  });
});
