/**
 * Message catalogue (PROTOCOL §13.3) in both languages. Services throw AppError(code, key,
 * params); the server renders `msg` from here in the request's language (§1.6). Keys marked
 * "added" are not in the protocol's table of main keys; they name failures the table leaves to us.
 */
export const catalogue = {
  'common.badParam': ['参数错误：{name}', 'Invalid parameter: {name}'],
  'common.noPermission': ['你没有权限执行此操作', 'You are not allowed to do this'],
  'common.notFound': ['记录不存在', 'Not found'],
  'common.demoMode': ['演示站点不允许修改', 'Changes are disabled on this demo site'],
  'common.serverError': ['服务器出错了（{id}）', 'Something went wrong on the server ({id})'],
  'common.saved': ['已保存', 'Saved'],
  /**
   * added: the 502 of a fault that is the server's disk or quota being full (issue 19), with the
   * request id as common.serverError has, so an administrator finds it in the log.
   */
  'common.storageFull': [
    '服务器存储空间已满，请联系管理员（{id}）',
    'The server is out of storage space, please contact your administrator ({id})',
  ],
  /**
   * added (§20): a request that reached a node after it began shutting down. Clients retry it
   * (another node, or this one once it is back); nothing of it was done.
   */
  'common.shuttingDown': ['服务器正在重启，请稍后重试', 'The server is restarting, please try again in a moment'],
  /** added: unknown API route or a method other than POST (HTTP 404). */
  'common.routeNotFound': ['接口不存在', 'No such API route'],
  /** added: body over the size limits (HTTP 413). */
  'common.tooLarge': ['请求内容过大', 'The request is too large'],
  /** added: too many requests from one address. */
  'common.tooManyRequests': ['操作过于频繁，请稍后再试', 'Too many requests, please try again later'],
  /** added: search words longer than limits.keywordsMax (issue 19). */
  'common.keywordsTooLong': ['搜索内容不能超过{max}个字', 'Search terms are limited to {max} characters'],
  /** added: server-wide abuse guards (issue 19); operators raise the limits in the environment. */
  'limit.registrations': [
    '该网络注册过于频繁，请一小时后再试',
    'Too many registrations from this network, try again in an hour',
  ],
  'limit.codeRequests': [
    '验证码请求过于频繁，请一小时后再试',
    'Too many code requests from this network, try again in an hour',
  ],
  'limit.codeMails': [
    '验证码邮件发送已达上限，请稍后再试',
    'The server has sent too many code e-mails, try again later',
  ],
  'limit.messages': ['发送太快了，请稍后再发', 'You are sending too fast, slow down'],
  'limit.friendRequests': [
    '今天的好友申请已达上限，请明天再试',
    'You have sent too many friend requests today, try again tomorrow',
  ],
  'auth.required': ['请先登录', 'Please log in first'],
  'auth.invalid': ['登录信息无效，请重新登录', 'Your login is not valid'],
  'auth.expired': ['登录已失效，请重新登录', 'Your login has expired, please log in again'],
  'auth.kicked': [
    '您的账号已在另一台设备上登录，本设备已被强制下线！',
    'Your account was logged in on another device and has been forced to go offline!',
  ],
  'auth.disabled': ['该账号已被停用', 'This account has been disabled'],
  'auth.siteClosed': ['系统维护中', 'The service is closed for maintenance'],
  'auth.badCredentials': ['账号或密码不正确', 'Wrong account or password'],
  'auth.tooManyAttempts': ['尝试次数过多，请5分钟后再试', 'Too many attempts, try again in 5 minutes'],
  'auth.ssoDisabled': ['不支持该登录方式', 'This login method is not available'],
  /** §19: the one-time code of a single sign-on is unknown, used or older than 60 s. */
  'auth.ssoInvalid': ['单点登录已失效，请重新登录', 'This sign-in link has expired, please sign in again'],
  'auth.notAdmin': ['需要管理员权限', 'Administrator rights are required'],
  'auth.loginOk': ['登录成功', 'Logged in'],
  'auth.logoutOk': ['已退出登录', 'Logged out'],
  'account.exists': ['该账号已被注册', 'This account is taken'],
  'account.registerOk': ['注册成功', 'Registration complete'],
  'account.length': ['账号须为4-32位', 'Accounts have 4–32 characters'],
  'account.passwordLength': ['密码须为6-16位', 'Passwords have 6–16 characters'],
  /** added: realname outside 1–32 characters. */
  'account.realnameLength': ['姓名须为1-32个字符', 'Names have 1–32 characters'],
  /** added: motto over 100 characters. */
  'account.mottoLength': ['个性签名不能超过100个字', 'Mottos are limited to 100 characters'],
  /** added: sex other than 0, 1, 2. */
  'account.badSex': ['性别取值不正确', 'Please choose a valid gender'],
  /** added: a code was asked for an account that does not exist (sendCode types 1 and 3). */
  'account.notFound': ['账号不存在', 'No account with that name'],
  'account.mustMobile': ['账号须为手机号', 'The account must be a mobile number'],
  'account.mustEmail': ['账号须为邮箱', 'The account must be an e-mail address'],
  'account.mustMobileOrEmail': ['账号须为手机号或邮箱', 'The account must be a mobile number or e-mail address'],
  'account.badEmail': ['邮箱格式不正确', 'Please enter a valid e-mail address'],
  'account.inviteInvalid': ['邀请码无效或已过期', 'Invalid or expired invitation'],
  'account.registerWait': ['请{minutes}分钟后再注册', 'Wait {minutes} minutes before registering again'],
  'account.wrongOldPassword': ['原密码不正确', 'Current password is wrong'],
  'account.needCodeOrPassword': ['请提供原密码或验证码', 'Give your password or a code'],
  /** added: bindEmail to an address that is another live user's account or verified e-mail. */
  'account.emailTaken': ['该邮箱已被其他账号使用', 'This e-mail address belongs to another account'],
  /** added: updateUserInfo tried to change a verified e-mail (only bindEmail, with a code, may). */
  'account.emailBound': [
    '已验证的邮箱请在“账号与安全”中更换',
    'Change a verified e-mail address under Account security',
  ],
  'account.nameLocked': ['不允许修改姓名', 'Changing your name is not allowed'],
  /** added: `setting` called with nothing to save. */
  'account.settingEmpty': ['没有要保存的设置', 'There are no settings to save'],
  /** added: user settings over 4 KB. */
  'account.settingTooLarge': ['设置内容过大', 'The settings are too large'],
  'code.wrong': ['验证码错误或已失效', 'Wrong or expired code'],
  'code.wait': ['请一分钟后再获取', 'Wait a minute'],
  'code.sent': ['验证码已发送', 'Code sent'],
  'code.unavailable': ['暂无法发送验证码', 'Codes cannot be sent now'],
  /** added: subject of the verification code mail. */
  'code.mailSubject': ['验证码', 'Your verification code'],
  /** added: body of the verification code mail. */
  'code.mailBody': [
    '您的验证码是 {code}，{minutes}分钟内有效。如非本人操作，请忽略本邮件。',
    'Your verification code is {code}. It is valid for {minutes} minutes. If you did not ask for it, ignore this mail.',
  ],
  'contact.notFound': ['联系人不存在', 'Contact does not exist'],
  'contact.notices': ['系统通知', 'System notices'],
  'contact.favourites': ['我的收藏', 'My favourites'],
  'contact.favouritesHint': ['给自己发文件', 'Send files to yourself'],
  'contact.noticeCount': ['{n}条公告', '{n} announcements'],
  'contact.groupIndex': ['群聊', 'Group chat'],
  'contact.systemIndex': ['系统消息', 'System messages'],
  'contact.unknownPlace': ['未知', 'Unknown'],
  'chat.privateDisabled': ['系统已关闭私聊', 'Private chat has been disabled by the system'],
  'chat.systemReadOnly': ['系统会话不能回复', 'System conversations are read-only'],
  'chat.notFriendOfThem': ['对方未添加你为好友', 'They have not added you as a friend'],
  'chat.notMyFriend': ['对方不是你的好友', 'They are not your friend'],
  'chat.tooLong': ['消息不能超过2048个字', 'Messages are limited to 2048 characters'],
  'chat.sendInterval': ['请{seconds}秒后再发送', 'Wait {seconds} s between messages'],
  'chat.notMember': ['你不在该群聊中', 'You are not a member of this group'],
  'chat.groupMuted': ['本群已开启禁言，无法发送消息', 'The group has enabled mute mode and cannot send messages'],
  'chat.memberMuted': ['你已被禁言，{time}后解除', 'You are muted until {time}'],
  'chat.msgNotFound': ['消息不存在', 'Message not found'],
  'chat.deleteDisabled': ['未开启消息删除', 'Deleting messages is turned off'],
  'chat.undoNotAllowed': ['无权撤回这条消息', 'You cannot recall this message'],
  'chat.undoExpired': ['超过{minutes}分钟的消息不能撤回', 'Messages older than {minutes} minutes cannot be recalled'],
  'chat.recalledByMe': ['你撤回了一条消息', 'You recalled a message'],
  'chat.recalledByPeer': ['对方撤回了一条消息', 'The other person recalled a message'],
  'chat.recalledByName': ['{name}撤回了一条消息', '{name} recalled a message'],
  'chat.recalledByManager': ['管理员撤回了一条消息', 'A manager recalled a message'],
  'chat.forwardCount': ['请选择1-5个转发对象', 'Choose 1 to 5 recipients'],
  'chat.forwardOk': ['转发成功', 'Forwarded'],
  'chat.forwardPartly': ['已转发，{n}条失败', 'Forwarded; {n} failed'],
  'chat.masked': ['[该消息因违规已被屏蔽]', '[This message was blocked for breaking the rules]'],
  /** added: the text the server writes as a location message's content (§4.2). */
  'chat.locationText': ['[位置] {name}', '[Location] {name}'],
  /** added: the text the server writes as a contact card's content (§4.2). */
  'chat.contactText': ['[名片] {name}', '[Contact card] {name}'],
  /** added (§16). */
  'search.badKeywords': ['搜索内容为 1 到 64 个字符', 'Search text must be 1 to 64 characters'],
  /** added (§17): not my group message, or read lists are turned off. */
  'chat.readListDenied': ['无法查看这条消息的已读情况', 'Read receipts are not available for this message'],
  'group.notFound': ['群聊不存在', 'Group not found'],
  'group.notManager': ['仅群主和管理员可操作', 'Only the owner and managers can do this'],
  'group.ownerOnly': ['仅群主可操作', 'Only the owner can do this'],
  'group.memberLimit': ['群成员不能超过{max}人', 'At most {max} members'],
  'group.inviteLimit': ['一次最多邀请20人', 'Invite at most 20 at a time'],
  'group.atLeastTwo': ['请至少选择两人', 'Choose at least two people'],
  'group.createDisabled': ['系统已关闭建群', 'Creating groups is turned off'],
  'group.createLimit': ['建群数量已达上限', 'Group limit reached'],
  'group.alreadyMember': ['你已在该群中', 'You are already in this group'],
  'group.joinClosed': ['该群已关闭加群申请', 'The group has closed join requests'],
  'group.inviteClosed': ['该群不允许成员邀请', 'Members may not invite here'],
  /** added: group option `profile` is off and we are not contacts (§6.1). */
  'group.profileClosed': ['该群不允许成员互相查看资料', 'This group does not let members open each other’s profiles'],
  'group.ownerCannotLeave': ['请先转让群主', 'Transfer ownership first'],
  'group.cleared': ['清空成功', 'Cleared successfully'],
  'group.defaultName': ['群聊', 'Group chat'],
  'group.noticePrefix': ['群公告：', 'Group notice: '],
  'group.invitedYou': ['{name}邀请你加入群聊', '{name} invited you to the group'],
  'group.eventCreated': ['{name}创建了群聊', '{name} created the group'],
  'group.eventInvited': ['{name}邀请{names}加入了群聊', '{name} invited {names} to the group'],
  'group.eventJoined': ['{name}通过扫码加入了群聊', '{name} joined the group by scanning the QR code'],
  'group.eventLeft': ['{name}退出了群聊', '{name} left the group'],
  'group.eventRemoved': ['{name}将{target}移出了群聊', '{name} removed {target} from the group'],
  'group.eventOwnerChanged': ['{name}已将群主转让给{target}', '{name} made {target} the group owner'],
  'friend.self': ['不能添加自己', 'You cannot add yourself'],
  'friend.already': ['你们已是好友', 'Already friends'],
  'friend.pending': ['已申请，请等待确认', 'Request pending'],
  'friend.limit': ['好友数量已达上限', 'Friend limit reached'],
  'friend.requestNotFound': ['好友申请不存在', 'Request not found'],
  'friend.notFound': ['对方不是你的好友', 'Not in your friends'],
  'friend.newFriend': ['新朋友', 'New friend'],
  'friend.requestText': ['请求添加你为好友', 'wants to add you as a friend'],
  'friend.nowFriends': ['你们已成为好友，开始聊天吧', 'You are now friends. Say hello!'],
  'file.tooLarge': ['文件不能超过{size}MB', 'Files are limited to {size} MB'],
  'file.typeNotAllowed': ['不支持该文件类型', 'This file type is not allowed'],
  'emoji.limit': ['表情数量已达上限', 'Sticker limit reached'],
  'call.disabled': ['未开启音视频通话', 'Calls are turned off'],
  'call.notFound': ['通话不存在', 'Call not found'],
  /** §10.4: a client's "could not connect" state (ICE failed), also the text it shows. */
  'call.iceFailed': [
    '无法建立通话连接，请检查网络或联系管理员配置中继服务器',
    'Could not connect the call. Check your network, or ask your administrator to set up a relay (TURN) server',
  ],
  'moments.empty': ['请输入内容或添加图片', 'Write something or add media'],
  'moments.tooManyMedia': ['最多9张图片或1个视频', 'Up to 9 images or 1 video'],
  'moments.notFound': ['动态不存在', 'Post not found'],
  'scan.invalid': ['二维码无效或已过期', 'Invalid or expired QR code'],
  'scan.loginRequired': ['请重新登录后扫码', 'Please log in again to scan'],
  /** added: a ★ action of PROTOCOL §12.2 tried by an administrator. */
  'admin.superOnly': ['仅超级管理员可操作', 'Only the super-administrator can do this'],
  /** added: disabling, deleting or editing a super-administrator (§12.2). */
  'admin.protectedUser': ['不能对超级管理员执行此操作', 'This cannot be done to the super-administrator'],
  /** added: demoting the only super-administrator left (issue 36 #3). */
  'admin.lastSuper': ['至少需要保留一名超级管理员', 'At least one super-administrator must remain'],
  /** added: sendTestEmail without a configured SMTP server. */
  'admin.smtpNotSet': ['尚未配置SMTP服务器', 'No SMTP server is configured'],
  /** added: sendTestEmail refused; `reason` is the SMTP server's own words. */
  'admin.testMailFailed': ['测试邮件发送失败：{reason}', 'The test e-mail could not be sent: {reason}'],
  /** added: sendTestEmail delivered. */
  'admin.testMailSent': ['测试邮件已发送', 'Test e-mail sent'],
  /** added: subject and body of the test mail. */
  'admin.testMailSubject': ['{site} 测试邮件', '{site} test e-mail'],
  'admin.testMailBody': [
    '这是一封测试邮件，说明SMTP设置可以正常发送邮件。',
    'This is a test e-mail: the SMTP settings can send mail.',
  ],
  /** added: a deletion done by an administrator. */
  'admin.deleted': ['已删除', 'Deleted'],
  /** §18: the organization is shown in runMode 1 only (system admins see it always). */
  'org.disabled': ['组织架构仅在企业模式下可用', 'The organization is only available in enterprise mode'],
  /** §18: a department moved under itself or one of its own sub-departments. */
  'org.cycle': [
    '不能把部门移到它自己或它的下级部门下',
    'A department cannot be moved under itself or its sub-departments',
  ],
  /** §18: deleting a department that still has sub-departments or people. */
  'org.notEmpty': [
    '该部门下还有子部门或成员，请先移走后再删除',
    'This department still has sub-departments or people; move them out first',
  ],
  /** added (§18): a dep_id or parent_id that names no department. */
  'org.notFound': ['部门不存在', 'No such department'],
  /** added (§18): a sibling department already has this name. */
  'org.nameTaken': ['同级已有同名部门', 'A department with this name already exists at this level'],
  /** added (§18): a department name empty, longer than 32 characters or containing "/". */
  'org.badName': ['部门名称须为1-32个字符，且不能包含“/”', 'A department name is 1–32 characters without "/"'],
  /** added (§18): a tree deeper than orgLimits.depthMax. */
  'org.tooDeep': ['部门层级不能超过{max}级', 'Departments can be nested at most {max} levels deep'],
  /** added (§18): a position (job title) longer than 32 characters. */
  'org.badPosition': ['职位不能超过32个字符', 'A position is at most 32 characters'],
  /** added (§18 import): the file's first line is not the expected header. */
  'org.importHeader': ['表头须为：{header}', 'The first line must be: {header}'],
  /** added (§18 import): not a readable UTF-8 CSV file, or none sent. */
  'org.importBadFile': ['请上传UTF-8编码的CSV文件', 'Please upload a CSV file encoded in UTF-8'],
  /** added (§18 import): more rows than orgLimits.importRowsMax, or a file over its size. */
  'org.importTooMany': ['一次最多导入{max}行', 'At most {max} rows can be imported at once'],
  /** added (§18 import): an account already given on an earlier line of the same file. */
  'org.importDuplicate': ['账号与第{line}行重复', 'This account is already on line {line}'],
  /** added (§18 import): a new person without a name. */
  'org.importNoName': ['新用户须填写姓名', 'A new person needs a name'],
  /** added (§18 import): the answer's summary. */
  'org.imported': [
    '导入完成：新建{created}人，更新{updated}人，失败{failed}行',
    'Import done: {created} created, {updated} updated, {failed} failed',
  ],
  'org.importChecked': [
    '检查完成：将新建{created}人，更新{updated}人，{failed}行有错误',
    'Checked: {created} to create, {updated} to update, {failed} with errors',
  ],
  'socket.unknownClient': ['连接已断开，请刷新', 'The connection is gone, please reload'],
  /** §11.6: uploads and administration are not carried by socket `call` frames. */
  'socket.notAllowed': ['该操作不能通过长连接进行', 'This action cannot be made over the socket'],
  /** added: texts of Web Push notifications (push.ts, issue 22). */
  'push.image': ['[图片]', '[Image]'],
  'push.voice': ['[语音]', '[Voice]'],
  'push.video': ['[视频]', '[Video]'],
  'push.file': ['[文件]', '[File]'],
  'push.emoji': ['[表情]', '[Sticker]'],
  'push.fromInGroup': ['{name}：{text}', '{name}: {text}'],
  'push.callVoice': ['邀请你语音通话', 'is calling you (voice)'],
  'push.callVideo': ['邀请你视频通话', 'is calling you (video)'],
  /** §19 single sign-on; `?sso_error=<key>` of the callback carries one of these. */
  'sso.failed': ['单点登录失败，请重试或联系管理员', 'Single sign-on failed. Try again, or ask your administrator'],
  'sso.disabledUser': ['该账号已被停用，无法登录', 'This account has been disabled and cannot sign in'],
  'sso.notConfigured': [
    '单点登录尚未配置完整，请联系管理员',
    'Single sign-on is not fully set up; please ask your administrator',
  ],
  /** added: the sign-in took longer than 10 minutes, was already finished, or came from elsewhere. */
  'sso.stateInvalid': [
    '登录请求已过期或已使用，请重新点击登录',
    'This sign-in request has expired or was already used; start again',
  ],
  /** added: the provider could not be reached, or its discovery document is not usable. */
  'sso.unreachable': [
    '无法连接身份提供方，请稍后再试或联系管理员',
    'The identity provider cannot be reached; try again later or ask your administrator',
  ],
  /** added: the person cancelled or was refused at the provider. */
  'sso.denied': ['登录已取消或被身份提供方拒绝', 'Sign-in was cancelled or refused by the identity provider'],
  /** added: the ID token failed a check (signature, issuer, audience, nonce, expiry). */
  'sso.tokenInvalid': [
    '身份提供方返回的登录凭证无效，请重试',
    'The identity provider sent an invalid sign-in token; try again',
  ],
  /** added: no account matches and autoCreate is off, or the provider gave no usable account name. */
  'sso.noAccount': [
    '没有与该身份对应的账号，请联系管理员开通',
    'No account matches this identity; ask your administrator to create one',
  ],
  /** added: setConfig sso with an issuer that is neither https nor on a loopback address. */
  'sso.issuerInsecure': ['身份提供方地址必须以 https:// 开头', 'The issuer address must start with https://'],
  /** added: LDAP checks and sync (§19). */
  'ldap.notConfigured': ['目录同步尚未配置完整', 'Directory sync is not fully set up'],
  'ldap.unreachable': [
    '无法连接目录服务器，请检查地址和端口',
    'The directory server cannot be reached; check its address and port',
  ],
  'ldap.bindFailed': ['目录服务器拒绝了绑定账号或密码', 'The directory refused the bind DN or password'],
  'ldap.searchFailed': [
    '目录查询失败，请检查基准DN和用户过滤条件',
    'The directory search failed; check the base DN and the user filter',
  ],
  'ldap.busy': ['目录同步正在进行中，请稍后再看结果', 'A directory sync is already running; check the result shortly'],
} as const satisfies Record<string, readonly [zh: string, en: string]>;

export type MsgKey = keyof typeof catalogue;
export type MsgParams = Record<string, string | number>;
export type Lang = 'zh-cn' | 'en-us';

/** Fills `{name}` placeholders; an unknown placeholder is left visible rather than dropped. */
export function formatMsg(key: MsgKey, lang: Lang, params: MsgParams = {}): string {
  const [zh, en] = catalogue[key];
  const text = lang === 'en-us' ? en : zh;
  return text.replace(/\{(\w+)\}/g, (all, name: string) => (name in params ? String(params[name]) : all));
}

/**
 * Accept-Language (q-values honoured) → language (PROTOCOL §1.6): zh* → zh-cn, en* → en-us,
 * anything else → zh-cn. The first supported tag by descending q wins.
 */
export function pickLang(acceptLanguage: string | undefined, langParam?: unknown): Lang {
  if (typeof langParam === 'string') {
    const l = langParam.trim().toLowerCase();
    if (l.startsWith('en')) return 'en-us';
    if (l.startsWith('zh')) return 'zh-cn';
  }
  if (!acceptLanguage) return 'zh-cn';
  const tags = acceptLanguage
    .split(',')
    .map((part, i) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const qPart = rest.map((r) => r.trim()).find((r) => r.startsWith('q='));
      const q = qPart ? Number(qPart.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((t) => t.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of tags) {
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-cn';
    if (tag === 'en' || tag.startsWith('en-')) return 'en-us';
  }
  return 'zh-cn';
}
