/**
 * Strings of group read lists (PROTOCOL §17): the count under my group messages and the two
 * lists behind it. The English table is typed by this one, so the key sets cannot drift.
 */
export const readListZhHans = {
  unread: '{{count}} 人未读',
  allRead: '全部已读',
  /** The count's name for screen readers: what a tap opens. */
  openLabel: '{{count}} 人未读，查看已读情况',
  openLabelAllRead: '全部已读，查看已读情况',
  title: '消息接收人列表',
  tabUnread: '未读 {{count}}',
  tabRead: '已读 {{count}}',
  close: '关闭',
  readAt: '{{time}} 已读',
  readEarlier: '较早已读',
  emptyUnread: '所有人都已读',
  emptyRead: '还没有人读',
  loadFailed: '加载失败',
  retry: '重试',
  loadingMore: '正在加载…',
  end: '没有更多了',
};
