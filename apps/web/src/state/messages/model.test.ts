import { describe, expect, it } from 'vitest';
import { message } from '../conversations/fixtures';
import type { Message } from '@parley/protocol';
import {
  firstUnreadKey,
  markRead,
  mergeMessages,
  pageSize,
  textLength,
  textToHtml,
  withNewestPage,
  withOlderPage,
} from './model';

const row = (msg_id: number, from = 2) => message({ id: `m${msg_id}`, msg_id, from });
const rows = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => row(from + i));

describe('chat pages', () => {
  it('merges by id in msg_id order', () => {
    const merged = mergeMessages([row(3), row(1)], [row(2), { ...row(3), content: 'edited' }]);
    expect(merged.map((m) => m.msg_id)).toEqual([1, 2, 3]);
    expect(merged[2]?.content).toBe('edited');
  });

  it('prepends older pages and stops when a short page arrives', () => {
    const first = withNewestPage(undefined, rows(21, 40));
    expect(first.hasMore).toBe(true);
    const older = withOlderPage(first, rows(11, 20).slice(0, 10));
    expect(older.messages[0]?.msg_id).toBe(11);
    expect(older.messages).toHaveLength(30);
    expect(older.hasMore).toBe(false);
  });

  it('re-reading the newest page after a reconnect keeps what is loaded when it overlaps', () => {
    const loaded = { messages: rows(1, 30), hasMore: false };
    const again = withNewestPage(loaded, rows(15, 34));
    expect(again.messages.map((m) => m.msg_id)).toEqual(rows(1, 34).map((m) => m.msg_id));
    expect(again.hasMore).toBe(false);
  });

  it('drops kept rows the newest page no longer has (deleted or hidden elsewhere), keeps newer pushes', () => {
    const loaded = { messages: [...rows(1, 5), row(9)], hasMore: false };
    // A short page is the whole chat: 3 was removed since; 9 arrived by push after the request.
    const again = withNewestPage(loaded, [row(1), row(2), row(4), row(5)], new Set(rows(1, 5).map((m) => m.id)));
    expect(again.messages.map((m) => m.msg_id)).toEqual([1, 2, 4, 5, 9]);
    // The newest row itself hidden since: it was loaded when the page was asked for, so it goes.
    const hidden = withNewestPage(loaded, rows(1, 5), new Set([...rows(1, 5), row(9)].map((m) => m.id)));
    expect(hidden.messages.map((m) => m.msg_id)).toEqual([1, 2, 3, 4, 5]);
    const full = rows(101, 100 + pageSize).filter((m) => m.msg_id !== 110);
    const long = withNewestPage({ messages: rows(50, 100 + pageSize), hasMore: true }, [row(100), ...full]);
    expect(long.messages.some((m) => m.msg_id === 110)).toBe(false);
    expect(long.messages[0]?.msg_id).toBe(50);
  });

  it('starts over from the newest page when a full page does not reach what is loaded', () => {
    const loaded = { messages: rows(1, 30), hasMore: false };
    const again = withNewestPage(loaded, rows(100, 100 + pageSize - 1));
    expect(again.messages[0]?.msg_id).toBe(100);
    expect(again.hasMore).toBe(true);
  });

  it('after a reconnect, a page must reach the row loaded before the drop, not a later push', () => {
    // 1..30 loaded, then the socket dropped; 90 was pushed after the bind, over a hole.
    const loaded = { messages: [...rows(1, 30), row(90)], hasMore: false };
    const page = rows(71, 70 + pageSize);
    expect(withNewestPage(loaded, page, undefined, 30).messages[0]?.msg_id).toBe(71);
    const reaching = rows(25, 90);
    const again = withNewestPage(loaded, reaching, undefined, 30);
    expect(again.messages.map((m) => m.msg_id)).toEqual(rows(1, 90).map((m) => m.msg_id));
  });

  it('marks my messages read by id or all at once', () => {
    const data = { messages: [row(1, 1), row(2, 1), row(3, 2)], hasMore: false };
    const some = markRead(data, new Set(['m1']), 1);
    expect(some.messages.map((m) => m.is_read)).toEqual([1, 0, 0]);
    const all = markRead(data, 'all', 1);
    expect(all.messages.map((m) => m.is_read)).toEqual([1, 1, 0]);
  });
});

describe('outgoing text', () => {
  it('is escaped with <br> line breaks', () => {
    expect(textToHtml('a < b & "c"\nnext')).toBe('a &lt; b &amp; &quot;c&quot;<br>next');
  });
  it('counts characters, not UTF-16 units', () => {
    expect(textLength('😀a')).toBe(2);
  });
});

describe('firstUnreadKey', () => {
  const row2 = (id: string, from: number, type: Message['type'] = 'text') => message({ id, from, type });
  it("counts back over others' messages only, and stops at the oldest loaded row", () => {
    const list = [row2('a', 2), row2('b', 2), row2('c', 1), row2('d', 3, 'event'), row2('e', 2)];
    expect(firstUnreadKey(list, 1, 1)).toBe('e');
    expect(firstUnreadKey(list, 1, 2)).toBe('b');
    expect(firstUnreadKey(list, 1, 9)).toBe('a');
    expect(firstUnreadKey([], 1, 3)).toBeNull();
  });
});
