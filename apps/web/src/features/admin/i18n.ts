import i18n from 'i18next';

/**
 * The console's strings, added to i18next when its chunk loads (so they never weigh on the login
 * bundle). English is typed by the Chinese table, so the key sets cannot drift.
 */
const zh = {
  nav: { dashboard: '概览', users: '用户', groups: '群聊', messages: '消息', settings: '设置', notices: '公告', invites: '邀请链接', audit: '操作日志' },
  notAdmin: '需要管理员权限',
  search: '搜索', prev: '上一页', next: '下一页', pageOf: '第{{page}}/{{pages}}页 · 共{{count}}条', empty: '暂无数据', loadFailed: '加载失败，点此重试',
  selected: '已选{{count}}项', actions: '操作', save: '保存', cancel: '取消', confirm: '确定', refresh: '刷新',
  dash: { users: '用户', groups: '群聊', messages: '消息', files: '文件', online: '在线用户', clients: '在线连接', perDay: '近14天消息数', live: '实时' },
  user: {
    add: '新建用户', edit: '编辑', account: '账号', realname: '姓名', email: '邮箱', role: '角色', status: '状态', lastLogin: '最近登录', created: '注册时间',
    password: '密码', remark: '备注', roles: { '0': '普通用户', '1': '超级管理员', '2': '管理员' }, active: '正常', disabled: '已停用',
    disable: '停用', enable: '启用', del: '删除', resetPassword: '重置密码', newPassword: '新密码（6-16位）',
    confirmDel: '确定删除用户“{{name}}”？其好友关系和群成员身份将被移除。', confirmDisable: '停用后该用户会立即被强制下线，确定停用“{{name}}”？',
    bulkDisable: '批量停用', bulkEnable: '批量启用', online: '在线',
  },
  group: {
    name: '群名称', owner: '群主', members: '成员数', created: '创建时间', view: '成员', disband: '解散', confirmDisband: '确定解散群聊“{{name}}”？',
    makeOwner: '设为群主', makeManager: '设为管理员', unsetManager: '取消管理员', remove: '移出', add: '添加成员', addHint: '输入用户ID，多个用逗号分隔',
    roles: { '1': '群主', '2': '管理员', '3': '成员' },
  },
  msg: {
    userId: '用户ID', peer: '会话（用户ID或group-N）', type: '类型', allTypes: '全部类型', keywords: '关键词', from: '发送者', to: '接收方', content: '内容', time: '时间',
    mask: '屏蔽', del: '删除', confirmMask: '屏蔽后双方看到的内容将被替换，确定？', confirmDel: '确定删除这条消息？', conversations: '会话',
    types: { text: '文字', image: '图片', file: '文件', voice: '语音', video: '视频', emoji: '表情', location: '位置', contact: '名片', event: '系统', webrtc: '通话' },
  },
  settings: { sysInfo: '系统', chatInfo: '聊天', fileUpload: '上传', smtp: '邮件', compass: '发现', maps: '地图', testEmail: '发送测试邮件', testTo: '收件地址', json: 'JSON格式', badJson: 'JSON格式不正确：{{field}}', compassEditor: { mode: '显示方式', modeList: '列表', modeGrid: '宫格', empty: '还没有发现项目，点“添加项目”新建。', add: '添加项目', item: '项目', icon: '上传图标', uploading: '上传中 {{percent}}%', notImage: '请选择图片文件', name: '名称', type: '类型', typeUrl: '网页地址', typeApp: '应用内页面', url: '网址', path: '页面路径', order: '排序', shown: '显示', remove: '删除', needName: '第{{n}}项需要填写名称', badUrl: '第{{n}}项的网址应以 http:// 或 https:// 开头', badPath: '第{{n}}项的页面路径应以 / 开头，例如 /pages/…', changedElsewhere: '设置已被其他管理员修改。', reloadNow: '载入最新设置' }, keys: { name: '站点名称', description: '站点简介', logo: 'Logo地址', regtype: '注册方式（1开放 2仅邀请）', regauth: '账号类型（0任意 1手机 2邮箱 3手机或邮箱）', registerInterval: '同IP注册间隔（秒）', runMode: '运行模式（1企业 2社交）', ipregion: '显示IP属地', multipleLogin: '允许同端多处登录', diyName: '允许修改姓名', state: '站点开放', closeTips: '关闭提示', simpleChat: '允许单聊', groupChat: '允许建群', online: '显示在线状态', webrtc: '音视频通话', dbDelMsg: '允许删除消息', groupUserMax: '群成员上限（0不限）', sendInterval: '发言间隔（秒）', redoTime: '撤回时限（秒）', msgClear: '每晚清理旧消息', msgClearDay: '保留天数', stun: 'STUN服务器', stunUser: 'TURN用户名', stunPass: 'TURN密码', iceServers: 'ICE/TURN服务器', autoAddUser: '自动添加客服', autoAddGroup: '自动入群', size: '上传上限（MB）', preview: '预览地址前缀', fileExt: '允许的扩展名', host: 'SMTP服务器', port: '端口', security: '加密（ssl/tls）', addr: '发件地址', pass: '密码', sign: '签名', status: '开启', mode: '显示方式（1列表 2宫格）', list: '发现项目', tileUrl: '地图瓦片地址', searchUrl: '地点搜索地址', reverseUrl: '逆地理编码地址', ipLocationUrl: 'IP定位地址' } },
  notice: { publish: '发布公告', edit: '编辑', del: '删除', title: '标题（最多64字）', confirmDel: '确定删除这条公告？' },
  invite: { create: '生成邀请链接', copy: '复制链接', copied: '已复制', hint: '链接2天内有效，只能注册一次。', current: '当前为开放注册；设置中把“注册方式”改为2即为仅邀请注册。' },
  audit: { actor: '操作人', action: '操作', target: '对象', detail: '详情', time: '时间', ip: 'IP', filter: '按操作筛选' },
};
type Table = {
  [K in keyof typeof zh]: (typeof zh)[K] extends string ? string : { [L in keyof (typeof zh)[K]]: (typeof zh)[K][L] extends string ? string : { [M in keyof (typeof zh)[K][L]]: string } };
};
const en: Table = {
  nav: { dashboard: 'Dashboard', users: 'Users', groups: 'Groups', messages: 'Messages', settings: 'Settings', notices: 'Announcements', invites: 'Invite links', audit: 'Audit log' },
  notAdmin: 'Administrator rights are required',
  search: 'Search', prev: 'Previous', next: 'Next', pageOf: 'Page {{page}}/{{pages}} · {{count}} in all', empty: 'Nothing here yet', loadFailed: 'Could not load. Tap to retry',
  selected: '{{count}} selected', actions: 'Actions', save: 'Save', cancel: 'Cancel', confirm: 'OK', refresh: 'Refresh',
  dash: { users: 'Users', groups: 'Groups', messages: 'Messages', files: 'Files', online: 'Online users', clients: 'Connections', perDay: 'Messages, last 14 days', live: 'live' },
  user: {
    add: 'New user', edit: 'Edit', account: 'Account', realname: 'Name', email: 'E-mail', role: 'Role', status: 'Status', lastLogin: 'Last login', created: 'Registered',
    password: 'Password', remark: 'Note', roles: { '0': 'User', '1': 'Super-administrator', '2': 'Administrator' }, active: 'Active', disabled: 'Disabled',
    disable: 'Disable', enable: 'Enable', del: 'Delete', resetPassword: 'Reset password', newPassword: 'New password (6–16)',
    confirmDel: 'Delete “{{name}}”? Their friendships and group memberships are removed.', confirmDisable: '“{{name}}” will be signed out at once. Disable?',
    bulkDisable: 'Disable selected', bulkEnable: 'Enable selected', online: 'online',
  },
  group: {
    name: 'Name', owner: 'Owner', members: 'Members', created: 'Created', view: 'Members', disband: 'Disband', confirmDisband: 'Disband “{{name}}”?',
    makeOwner: 'Make owner', makeManager: 'Make manager', unsetManager: 'Remove manager', remove: 'Remove', add: 'Add members', addHint: 'User ids, separated by commas',
    roles: { '1': 'Owner', '2': 'Manager', '3': 'Member' },
  },
  msg: {
    userId: 'User id', peer: 'Conversation (user id or group-N)', type: 'Type', allTypes: 'All types', keywords: 'Keywords', from: 'From', to: 'To', content: 'Content', time: 'Time',
    mask: 'Mask', del: 'Delete', confirmMask: 'Both sides will see a replacement text. Mask?', confirmDel: 'Delete this message for everyone?', conversations: 'Conversations',
    types: { text: 'Text', image: 'Image', file: 'File', voice: 'Voice', video: 'Video', emoji: 'Sticker', location: 'Location', contact: 'Contact card', event: 'System', webrtc: 'Call' },
  },
  settings: { sysInfo: 'System', chatInfo: 'Chat', fileUpload: 'Uploads', smtp: 'Mail', compass: 'Discover', maps: 'Maps', testEmail: 'Send test e-mail', testTo: 'Send to', json: 'JSON', badJson: 'Not valid JSON: {{field}}', compassEditor: { mode: 'Display', modeList: 'List', modeGrid: 'Grid', empty: 'No Discover items yet. Tap “Add item” to create one.', add: 'Add item', item: 'Item', icon: 'Upload icon', uploading: 'Uploading {{percent}}%', notImage: 'Choose an image file', name: 'Name', type: 'Type', typeUrl: 'Web address', typeApp: 'Page in the app', url: 'Address', path: 'Page path', order: 'Order', shown: 'Shown', remove: 'Remove', needName: 'Item {{n}} needs a name', badUrl: 'The address of item {{n}} must start with http:// or https://', badPath: 'The page path of item {{n}} must start with /, e.g. /pages/…', changedElsewhere: 'Another administrator changed these settings.', reloadNow: 'Load the latest' }, keys: { name: 'Site name', description: 'Tagline', logo: 'Logo URL', regtype: 'Registration (1 open, 2 invitation only)', regauth: 'Account kind (0 any, 1 mobile, 2 e-mail, 3 either)', registerInterval: 'Seconds between registrations per IP', runMode: 'Mode (1 enterprise, 2 social)', ipregion: 'Show IP region', multipleLogin: 'Several sessions per device kind', diyName: 'Users may rename', state: 'Site open', closeTips: 'Closed notice', simpleChat: 'One-to-one chat', groupChat: 'Users create groups', online: 'Show presence', webrtc: 'Voice and video calls', dbDelMsg: 'Delete for everyone', groupUserMax: 'Group member limit (0 none)', sendInterval: 'Seconds between messages', redoTime: 'Recall window (s)', msgClear: 'Nightly purge of old messages', msgClearDay: 'Keep days', stun: 'STUN server', stunUser: 'TURN user', stunPass: 'TURN password', iceServers: 'ICE/TURN servers', autoAddUser: 'Auto customer service', autoAddGroup: 'Auto group', size: 'Upload limit (MB)', preview: 'Preview URL prefix', fileExt: 'Allowed extensions', host: 'SMTP host', port: 'Port', security: 'Security (ssl/tls)', addr: 'From address', pass: 'Password', sign: 'Signature', status: 'On', mode: 'Layout (1 list, 2 grid)', list: 'Discover items', tileUrl: 'Map tile URL', searchUrl: 'Place search URL', reverseUrl: 'Reverse geocoding URL', ipLocationUrl: 'IP location URL' } },
  notice: { publish: 'Publish', edit: 'Edit', del: 'Delete', title: 'Title (up to 64)', confirmDel: 'Delete this announcement?' },
  invite: { create: 'Create invite link', copy: 'Copy link', copied: 'Copied', hint: 'Valid for 2 days, for one registration.', current: 'Registration is open; set “regtype” to 2 under Settings for invitation only.' },
  audit: { actor: 'By', action: 'Action', target: 'Target', detail: 'Detail', time: 'Time', ip: 'IP', filter: 'Filter by action' },
};

i18n.addResourceBundle('zh-Hans', 'translation', { admin: zh }, true, true);
i18n.addResourceBundle('en', 'translation', { admin: en }, true, true);

/** `t` for the console's keys (they are not in the app's typed tables). */
export const at = (key: string, opts?: Record<string, unknown>): string => (i18n.t as (k: string, o?: object) => string)(`admin.${key}`, opts);
