/**
 * Server event lines (group events, recall lines) worded by the client in the reader's language
 * (protocol event-lines.ts). The wording follows the server catalogue (PROTOCOL §13.3), so a row
 * reads the same whether the server or the client words it.
 */
export const eventLinesZhHans = {
  created: '{{name}}创建了群聊',
  invited: '{{name}}邀请{{names}}加入了群聊',
  joined: '{{name}}通过扫码加入了群聊',
  left: '{{name}}退出了群聊',
  removed: '{{name}}将{{target}}移出了群聊',
  ownerChanged: '{{name}}已将群主转让给{{target}}',
  recalledByMe: '你撤回了一条消息',
  recalledByPeer: '对方撤回了一条消息',
  recalledByName: '{{name}}撤回了一条消息',
  recalledByManager: '管理员撤回了一条消息',
  /** Between invited names. */
  separator: '、',
};
