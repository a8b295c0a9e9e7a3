/**
 * Strings of the desktop layout (rail, empty detail pane, drop target). Own file so the shared
 * language files change by one line; the English table is typed by the Chinese one.
 */
export const desktopZhHans = {
  rail: '分区',
  me: '我',
  /** The rail's admin entry: the rail is 64 px wide, so a word that fits ("管理后台" was cut). */
  admin: '管理',
  pickChat: '选择一个会话开始聊天',
  pickContact: '选择联系人查看资料',
  dropToSend: '松开发送给 {{name}}',
};
