/**
 * Strings of the installable app (issue 22): the update prompt, the offline outbox, system
 * notifications and their permission. Own file, so the shared language files change by one line.
 */
export const pwaZhHans = {
  update: { title: '有新版本', text: '新版本已准备好，重新加载后使用。', reload: '重新加载', later: '稍后' },
  outbox: { waiting: '等待网络，恢复后自动发送' },
  notify: {
    rowTitle: '系统通知',
    rowOn: '已开启',
    rowOff: '未开启',
    rowDenied: '已被浏览器阻止',
    rowUnsupported: '此浏览器不支持',
    askTitle: '开启新消息通知？',
    askText: '页面在后台或已关闭时，新消息和来电会以系统通知提醒你。静音的会话不会通知。',
    askOk: '开启',
    askLater: '以后再说',
    denied: '通知已被浏览器阻止。如需开启，请在浏览器地址栏左侧的网站设置中允许通知，然后刷新页面。',
    enabled: '已开启系统通知',
    disabled: '已关闭本设备的系统通知',
    fromInGroup: '{{name}}：{{text}}',
    incomingVoice: '邀请你语音通话',
    incomingVideo: '邀请你视频通话',
    titleUnread: '({{count}}) {{title}}',
  },
};
