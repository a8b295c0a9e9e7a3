/**
 * Wire paths of the API (PROTOCOL §2–§12), the only place either side spells them. The server
 * matches case-insensitively (§1.1); these are the canonical spellings clients send.
 */
export const paths = {
  login: '/common/pub/login',
  logout: '/common/pub/logout',
  register: '/common/pub/register',
  sendCode: '/common/pub/sendCode',
  getSystemInfo: '/common/pub/getSystemInfo',
  checkVersion: '/common/pub/checkVersion',
  bindUid: '/common/pub/bindUid',
  bindGroup: '/common/pub/bindGroup',
  offline: '/common/pub/offline',
  editPassword: '/enterprise/im/editPassword',
  editAccount: '/enterprise/im/editAccount',
  updateUserInfo: '/enterprise/im/updateUserInfo',
  setting: '/enterprise/im/setting',
  getUserInfo: '/enterprise/im/getUserInfo',
  getContacts: '/enterprise/im/getContacts',
  getContactInfo: '/enterprise/im/getContactInfo',
  searchUser: '/enterprise/im/searchUser',
  userList: '/enterprise/im/userList',
  setChatTop: '/enterprise/im/setChatTop',
  isNotice: '/enterprise/im/isNotice',
  delChat: '/enterprise/im/delChat',
  getAdminNotice: '/enterprise/im/getAdminNotice',
  sendMessage: '/enterprise/im/sendMessage',
  getMessageList: '/enterprise/im/getMessageList',
  getMessageInfo: '/enterprise/im/getMessageInfo',
  getMessageContext: '/enterprise/im/getMessageContext',
  setMsgIsRead: '/enterprise/im/setMsgIsRead',
  readAtMsg: '/enterprise/im/readAtMsg',
  adminGetAllConfig: '/manage/config/getAllConfig',
  adminGetConfig: '/manage/config/getInfo',
  adminSetConfig: '/manage/config/setConfig',
} as const;
export type ApiPath = (typeof paths)[keyof typeof paths];
