/** Strings of the error page (a screen that crashed) and of lazy pages that load slowly. */
export const errorsZhHans = {
  title: '出错了',
  text: '这个页面遇到了问题，已自动上报。可以重新加载，或先回到首页。',
  reload: '重新加载',
  home: '返回首页',
  loadFailed: '页面加载失败，点击重试',
};

export const errorsEn: typeof errorsZhHans = {
  title: 'Something went wrong',
  text: 'This page ran into a problem and it has been reported. Reload it, or go back home.',
  reload: 'Reload',
  home: 'Back home',
  loadFailed: 'The page did not load. Tap to retry',
};
