import {
  CallCode,
  CallType,
  callEvents,
  messageTypes,
  OTHER_OPT,
  type ChatInfo,
  type CompassInfo,
  type FileUploadInfo,
  type MapsInfo,
  type SocketEventMap,
  type SocketEventType,
  type SysInfo,
  type UserSetting,
} from '@parley/protocol';
import { z } from 'zod';

/**
 * Run-time shapes of every event payload (PROTOCOL §11.4), as Zulip checks its events: the test
 * socket validates each frame it receives against these, so a push that drifts from the
 * protocol's SocketEventMap fails the integration test that triggered it. Each schema is typed
 * `z.ZodType<SocketEventMap[type]>`, so a field added to the map fails `tsc` here until the
 * check knows it. Extra keys pass (objects are not strict): the map says what readers rely on.
 */

const bit = z.union([z.literal(0), z.literal(1)]);
const isGroup = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
const id = z.union([z.number(), z.string()]);
/** Config sections and settings are free-form key → value objects; their keys are the admin's. */
const section = <T>() => z.custom<T>((v) => typeof v === 'object' && v !== null && !Array.isArray(v));

const userSummary = z.object({
  id: z.number(),
  user_id: z.number(),
  realname: z.string(),
  displayName: z.string(),
  account: z.string(),
  avatar: z.string(),
  name_py: z.string(),
});

const contact = z.object({
  id,
  is_group: isGroup,
  displayName: z.string(),
  avatar: z.string(),
  lastContent: z.string(),
  type: z.string(),
  lastSendTime: z.number(),
  unread: z.number(),
  is_top: bit,
  is_notice: bit,
  is_at: z.number(),
  is_online: bit,
  index: z.string(),
  setting: z.unknown(),
  user_id: z.number().optional(),
  realname: z.string().optional(),
  account: z.string().optional(),
  name_py: z.string().optional(),
  email: z.string().optional(),
  dep_id: z.number().optional(),
  dep_name: z.string().optional(),
  position: z.string().optional(),
  location: z.string().optional(),
  last_login_ip: z.string().optional(),
  group_id: z.string().optional(),
  owner_id: z.number().optional(),
  role: z.number().optional(),
  notice: z.string().optional(),
});

const message = z.object({
  id: z.string(),
  msg_id: z.number(),
  type: z.enum(messageTypes),
  content: z.string(),
  sendTime: z.number(),
  status: z.literal('succeed'),
  is_group: isGroup,
  is_read: bit,
  is_undo: bit,
  is_last: bit,
  toContactId: id,
  toUser: id,
  to_user: z.number(),
  from_user: z.number(),
  fromUser: userSummary,
  at: z.array(z.number()),
  pid: z.number(),
  extends: z.record(z.string(), z.unknown()).nullable(),
  role: z.number(),
  file_id: z.number().optional(),
  file_cate: z.number().optional(),
  fileName: z.string().optional(),
  fileSize: z.number().optional(),
  preview: z.string().optional(),
  download: z.string().optional(),
  extUrl: z.string().optional(),
  contactInfo: contact.optional(),
  readCount: z.number().int().min(0).optional(),
  unreadCount: z.number().int().min(0).optional(),
});

const friendRequestPush = z.object({
  id: z.string(),
  type: z.literal('event'),
  toContactId: z.literal('system'),
  is_group: z.literal(2),
  content: z.string(),
  status: z.literal('succeed'),
  sendTime: z.number(),
  at: z.tuple([]),
  fileSize: z.literal(0),
  fileName: z.literal(''),
  fromUser: z.object({ id: z.literal('system'), displayName: z.string(), avatar: z.literal('') }),
});

const groupSetting = z
  .record(z.string(), z.string())
  .and(
    z.object({ manage: z.string(), invite: z.string(), profile: z.string(), history: z.string(), nospeak: z.string() }),
  );

const selfInfo = z.object({
  id: z.number(),
  user_id: z.number(),
  account: z.string(),
  realname: z.string(),
  displayName: z.string(),
  avatar: z.string(),
  email: z.string(),
  sex: z.number(),
  motto: z.string(),
  role: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  status: bit,
  is_auth: bit,
  email_auth: bit,
  name_py: z.string(),
  cs_uid: z.number(),
  friend_limit: z.number(),
  group_limit: z.number(),
  last_login_time: z.number(),
  last_login_ip: z.string(),
  qrUrl: z.string(),
  setting: section<UserSetting>(),
});

const callCodes = Object.values(CallCode).map((c) => z.literal(c));
const webrtc = z.object({
  id: z.string(),
  msg_id: z.number(),
  sendTime: z.number(),
  toContactId: z.number(),
  toUser: z.number().optional(),
  content: z.string(),
  type: z.literal('webrtc'),
  status: z.literal('succeed'),
  is_group: z.literal(0),
  is_read: z.literal(0),
  at: z.tuple([]),
  fromUser: userSummary,
  extends: z.object({
    type: z.union([z.literal(CallType.voice), z.literal(CallType.video)]),
    status: z.number(),
    event: z.enum([...callEvents, OTHER_OPT]),
    code: z.union(callCodes),
    callTime: z.number(),
    sdp: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
    iceCandidate: z.string().optional(),
    isMobile: z.boolean(),
  }),
  contactInfo: contact.optional(),
});

const momentComment = z.object({
  id: z.number(),
  moment_id: z.number(),
  user_id: z.number(),
  displayName: z.string(),
  avatar: z.string(),
  reply_user_id: z.number(),
  reply_name: z.string(),
  content: z.string(),
  createTime: z.number(),
});

const perRecipient = { id: z.string(), msg_id: z.number(), toContactId: id };
const gid = z.string().regex(/^group-\d+$/);

export const eventSchemas: { [K in SocketEventType]: z.ZodType<SocketEventMap[K]> } = {
  isOnline: z.object({ id: z.number(), is_online: bit }),
  offline: z.object({ id: z.number(), client_id: z.string(), isMobile: z.boolean() }),
  simple: z.union([message, friendRequestPush]),
  group: message,
  undoMessage: z.object({
    ...perRecipient,
    from_user: z.number(),
    type: z.literal('event'),
    is_undo: z.literal(1),
    status: z.literal('succeed'),
    is_last: bit,
    sendTime: z.number(),
    content: z.string(),
    is_group: z.union([z.literal(0), z.literal(1), z.literal(3)]),
    isMobile: z.boolean(),
  }),
  delMessage: z.object({
    ...perRecipient,
    from_user: z.number(),
    to_user: z.number(),
    is_group: z.union([z.literal(0), z.literal(1), z.literal(3)]),
    is_last: bit,
  }),
  updateMessage: z.object({ ...perRecipient, type: z.literal('text'), content: z.string(), is_group: isGroup }),
  isRead: z.array(
    z.object({
      id: z.string(),
      msg_id: z.number(),
      is_read: z.literal(1),
      status: z.literal('succeed'),
      type: z.enum(messageTypes),
      content: z.string(),
      sendTime: z.number(),
      toContactId: z.number(),
    }),
  ),
  readAll: z.object({ toContactId: z.number() }),
  atMsgList: z.object({ list: z.array(message), count: z.number(), toContactId: z.string() }),
  setChatTop: z.object({ id, is_top: bit, is_group: isGroup }),
  setIsNotice: z.object({ id, is_notice: bit, is_group: isGroup }),
  addGroup: contact,
  addGroupUser: z.object({ group_id: gid, user_ids: z.array(z.number()), invite_id: z.number(), avatar: z.string() }),
  editGroupName: z.object({ id: gid, displayName: z.string(), editUserName: z.string() }),
  setManager: z.object({ group_id: gid, user_id: z.number(), role: z.number(), avatar: z.string() }),
  removeUser: z.object({ group_id: gid, user_id: z.number(), avatar: z.string() }),
  setNoSpeak: z.object({ group_id: gid, user_id: z.number(), no_speak_time: z.number() }),
  removeGroup: z.union([z.object({ group_id: gid }), z.object({ group_id: z.number() })]),
  setNotice: z.object({ group_id: gid, notice: z.string() }),
  groupSetting: z.object({ group_id: gid, setting: groupSetting }),
  updateCard: z.object({ group_id: gid, user_id: z.number(), nickname: z.string() }),
  changeOwner: z.object({ group_id: gid, user_id: z.number() }),
  clearMessage: z.object({ group_id: gid }),
  appendContact: contact,
  updateConfig: z.object({
    sso: z.array(z.object({ kind: z.literal('oidc'), name: z.string(), url: z.string() })),
    sysInfo: section<SysInfo>(),
    chatInfo: section<ChatInfo>(),
    compass: section<CompassInfo>(),
    fileUpload: section<FileUploadInfo>(),
    maps: section<MapsInfo>(),
    demon_mode: z.boolean(),
  }),
  webrtc,
  moments: z.object({
    kind: z.enum(['post', 'like', 'comment']),
    moment_id: z.number(),
    user: userSummary,
    comment: momentComment.optional(),
    createTime: z.number(),
  }),
  statistics: z.object({ onlineCount: z.number(), clientCount: z.number() }),
  updateUser: z.object({
    user_id: z.number(),
    realname: z.string(),
    avatar: z.string(),
    motto: z.string(),
    sex: z.number(),
  }),
  updateSelf: selfInfo,
  setNickname: z.object({ friend_id: z.number(), user_id: z.number(), nickname: z.string().min(1).max(32) }),
  orgChanged: z.object({ version: z.number().int().positive() }),
  groupRead: z.object({
    group_id: z.union([gid, z.literal('admin_notice')]),
    id: z.string(),
    readCount: z.number().int().min(0),
    unreadCount: z.number().int().min(0),
  }),
};

/** Why a pushed frame does not match its event's payload type, or undefined when it does (or is no event). */
export function eventMismatch(frame: { type: string; data?: unknown }): string | undefined {
  if (!Object.hasOwn(eventSchemas, frame.type)) return undefined;
  const schema: z.ZodType = eventSchemas[frame.type as SocketEventType];
  const parsed = schema.safeParse(frame.data);
  if (parsed.success) return undefined;
  const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(data)'}: ${i.message}`).join('; ');
  return `'${frame.type}' payload does not match SocketEventMap: ${issues}\n${JSON.stringify(frame.data).slice(0, 500)}`;
}
