import type { Language } from '../../i18n';

/**
 * The built-in user guide of the help centre, in both languages, until the administrator's
 * documents arrive (admin console). Plain text paragraphs: nothing here is rendered as HTML.
 */
export interface GuideSection {
  id: string;
  title: string;
  paragraphs: string[];
}

const zh: GuideSection[] = [
  {
    id: 'start',
    title: '开始使用',
    paragraphs: [
      '使用账号和密码登录；如果账号绑定了邮箱，也可以在登录页选择“验证码登录”，输入邮件中的 6 位验证码。',
      '忘记密码时，在登录页点“忘记密码？”，验证码会发送到账号绑定的邮箱，输入新密码两次后即可登录。',
    ],
  },
  {
    id: 'chat',
    title: '聊天',
    paragraphs: [
      '在“消息”中点开一个会话即可聊天。可以发送文字、表情、图片、视频、文件、位置和名片。',
      '长按一条消息可以复制、转发、引用或撤回（在允许的时间内）。',
      '在设置中可以选择用 Enter 或 Ctrl+Enter 发送消息。',
    ],
  },
  {
    id: 'contacts',
    title: '通讯录与好友',
    paragraphs: [
      '在“通讯录”中查看好友和群聊；右上角的“+”可以添加朋友、发起群聊或扫一扫。',
      '收到的好友申请显示在“新的朋友”中。',
    ],
  },
  {
    id: 'groups',
    title: '群聊',
    paragraphs: [
      '群主和管理员可以修改群名称、发布群公告、设置禁言和管理成员。',
      '群主可以设置是否允许成员互相查看资料；关闭后，群成员只能查看好友的资料。',
    ],
  },
  {
    // Issue 39: who can see read state (PROTOCOL §17).
    id: 'readLists',
    title: '群消息已读情况与隐私',
    paragraphs: [
      '在群聊中，你发送的消息下方显示“N 人未读”或“全部已读”；点开可以看到未读和已读的成员，以及每人读到这条消息的时间。',
      '谁能看到：只有发送者能看到自己消息的已读情况，其他成员看不到，也看不到你读了谁的消息。系统公告的已读情况只有发布它的管理员在管理后台能看到。',
      '怎样算已读：在任何一台设备上打开群聊，聊天里已有的消息就都算读过。消息发出后才入群的成员和已经退群的成员不计入。',
      '管理员可以在管理后台的“设置”中为整个站点关闭群消息已读列表；关闭后消息下方不再显示已读情况，名单也无法查看。单聊的“已读/未读”不受影响。',
    ],
  },
  {
    id: 'me',
    title: '我的资料与安全',
    paragraphs: [
      '点击首页左上角的头像进入“我”。在“个人信息”中可以更换头像（支持裁剪）、修改姓名、性别、个性签名和邮箱。',
      '在“账号与安全”中可以修改密码。修改后，其他设备上的登录会被退出，当前设备保持登录。',
    ],
  },
  {
    id: 'settings',
    title: '设置',
    paragraphs: [
      '可以设置语言、新消息提示音、振动、圆形头像、发送键，以及在聊天中隐藏群成员昵称和消息时间。',
      '这些设置保存在账号中，在你的其他设备上也会立即生效。',
    ],
  },
];

const en: GuideSection[] = [
  {
    id: 'start',
    title: 'Getting started',
    paragraphs: [
      'Log in with your account and password. If your account has an e-mail address, you can also choose "E-mail code" on the login page and type the 6-digit code from the mail.',
      'Forgot your password? Tap "Forgot password?" on the login page: a code goes to the e-mail address of the account; enter the new password twice and you are logged in.',
    ],
  },
  {
    id: 'chat',
    title: 'Chatting',
    paragraphs: [
      'Open a conversation in Chats to talk. You can send text, stickers, pictures, videos, files, locations and contact cards.',
      'Long-press a message to copy, forward, quote or recall it (within the allowed time).',
      'In Settings you choose whether Enter or Ctrl+Enter sends a message.',
    ],
  },
  {
    id: 'contacts',
    title: 'Contacts and friends',
    paragraphs: [
      'Contacts lists your friends and groups; the "+" at the top adds friends, starts a group or scans a code.',
      'Friend requests you receive appear under New friends.',
    ],
  },
  {
    id: 'groups',
    title: 'Groups',
    paragraphs: [
      'Owners and managers can rename the group, post announcements, mute members and manage the member list.',
      'The owner decides whether members may open each other’s profiles; when this is off, members only see the profiles of their friends.',
    ],
  },
  {
    id: 'readLists',
    title: 'Who has read it, and your privacy',
    paragraphs: [
      'In a group, your own messages show "N unread" or "Read by all" underneath; tap it to see who has not read it yet and who has, with the time each person read it.',
      'Who can see this: only the sender sees who has read their message; other members see neither that nor which messages you have read. Who has read a system announcement is seen only by the administrator who published it, in the admin console.',
      'What counts as read: opening the group on any of your devices reads every message already in it. People who joined after a message was sent, and people who have left, are not counted.',
      'An administrator can turn read lists off for the whole site under Settings in the admin console; then no counts or lists are shown. Read marks in one-to-one chats are not affected.',
    ],
  },
  {
    id: 'me',
    title: 'Your profile and security',
    paragraphs: [
      'Tap your avatar at the top of the home screen to open Me. Under Personal info you change your avatar (with cropping), name, gender, motto and e-mail.',
      'Under Account security you change your password. Your other devices are then signed out; this one stays signed in.',
    ],
  },
  {
    id: 'settings',
    title: 'Settings',
    paragraphs: [
      'Choose the language, the new-message sound, vibration, round avatars, the send key, and whether chats hide member names and message times.',
      'These settings are kept with your account and apply at once on your other devices too.',
    ],
  },
];

export function builtInGuide(lang: Language): GuideSection[] {
  return lang === 'en' ? en : zh;
}
