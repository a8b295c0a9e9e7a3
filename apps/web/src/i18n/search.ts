/**
 * Strings of global search (/pages/index/search and the search boxes that open it). Kept in
 * their own file so the shared language files change by one line each; the English table is
 * typed by the Chinese one, so the key sets cannot drift.
 */
export const searchZhHans = {
  box: '搜索',
  placeholder: '搜索联系人、群聊、聊天记录',
  cancel: '取消',
  clearInput: '清除',
  contacts: '联系人',
  groups: '群聊',
  messages: '聊天记录',
  more: '查看更多{{what}}',
  loadMore: '加载更多',
  loadingMore: '正在加载…',
  end: '没有更多了',
  recent: '最近搜索',
  clearRecent: '清空',
  clearedRecent: '已清空最近搜索',
  hint: '可搜索联系人的名字、备注、账号或拼音（如 zw 找张伟），群聊名称，以及聊天记录中的文字和文件名',
  noResults: '没有找到“{{q}}”的相关结果',
  noResultsHint: '试试换个词、少打几个字，英文请输入完整的单词',
  retry: '搜索失败，点击重试',
  retryAction: '重试',
  account: '账号：{{account}}',
  fileMessage: '[文件] ',
};
