import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '../../i18n';
import { nextReadListPage, READ_LIST_PAGE, type ReadListPage } from './api';
import { ReadCount } from './ReadCount';
import { countsOf } from './use-read-lists';

/** PROTOCOL §17 on the web: which rows show a count, what it says, and when the lists page on. */

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('zh-Hans');
});

const people = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ user_id: i + 1, displayName: `P${i}`, avatar: '', read_time: 0 }));

describe('the count under my group message', () => {
  it('shows only on rows that carry counts, and never while read lists are off', () => {
    expect(countsOf({ readCount: 1, unreadCount: 2 }, true)).toEqual({ readCount: 1, unreadCount: 2 });
    expect(countsOf({}, true)).toBeUndefined();
    expect(countsOf({ readCount: 1, unreadCount: 2 }, false)).toBeUndefined();
  });

  it('says how many have not read it, or that all have, in both languages, and opens on a tap', async () => {
    const onOpen = vi.fn();
    const { rerender } = render(<ReadCount msgId="m1" counts={{ readCount: 1, unreadCount: 3 }} onOpen={onOpen} />);
    const button = screen.getByTestId('read-count');
    expect(button.textContent).toBe('3 人未读');
    rerender(<ReadCount msgId="m1" counts={{ readCount: 4, unreadCount: 0 }} onOpen={onOpen} />);
    expect(button.textContent).toBe('全部已读');
    await i18n.changeLanguage('en');
    rerender(<ReadCount msgId="m1" counts={{ readCount: 2, unreadCount: 2 }} onOpen={onOpen} />);
    expect(button.textContent).toBe('2 unread');
    expect(button.getAttribute('aria-label')).toBe('2 unread, see who has read it');
    fireEvent.click(button);
    expect(onOpen).toHaveBeenCalledWith('m1', button);
  });
});

describe('paging the lists', () => {
  it('asks for the next page until every row of the count is in', () => {
    const full: ReadListPage = { rows: people(READ_LIST_PAGE), count: READ_LIST_PAGE * 2 + 1 };
    expect(nextReadListPage(full, [full])).toBe(2);
    expect(nextReadListPage(full, [full, full])).toBe(3);
    const short: ReadListPage = { rows: people(1), count: READ_LIST_PAGE * 2 + 1 };
    expect(nextReadListPage(short, [full, full, short])).toBeUndefined();
    // A full last page that completes the count: nothing more to ask.
    const exact: ReadListPage = { rows: people(READ_LIST_PAGE), count: READ_LIST_PAGE };
    expect(nextReadListPage(exact, [exact])).toBeUndefined();
  });
});
