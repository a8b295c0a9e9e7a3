import type { readListZhHans } from '../read-list';

export const readListEn: typeof readListZhHans = {
  unread: '{{count}} unread',
  allRead: 'Read by all',
  openLabel: '{{count}} unread, see who has read it',
  openLabelAllRead: 'Read by all, see who has read it',
  title: 'Read by',
  tabUnread: 'Unread {{count}}',
  tabRead: 'Read {{count}}',
  close: 'Close',
  readAt: 'Read {{time}}',
  readEarlier: 'Read earlier',
  emptyUnread: 'Everyone has read it',
  emptyRead: 'Nobody has read it yet',
  loadFailed: 'Could not load',
  retry: 'Retry',
  loadingMore: 'Loading…',
  end: 'No more',
};
