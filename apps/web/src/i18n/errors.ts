/** Strings of the error page (a screen that crashed) and of lazy pages that load slowly. */
export const errorsZhHans = {
  title: '出错了',
  text: '这个页面遇到了问题，已自动上报。可以重新加载，或先回到首页。',
  reload: '重新加载',
  home: '返回首页',
  loadFailed: '页面加载失败，点击重试',
};
