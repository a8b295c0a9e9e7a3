import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { paths, pushPaths, ssoPaths, type EndpointPath } from '@parley/protocol';
import {
  connectSocket,
  makeImage,
  registerAndLogin,
  upload,
  type TestServer,
  type TestSocket,
  type TestUser,
} from './helpers/index';
import { makeFriends, makeGroup } from './chat-fixtures';
import { browserKeys } from './push-fixtures';

/**
 * One case per endpoint of the protocol's table (packages/protocol/src/endpoints), for the §11.6
 * test that every endpoint answers the same over a socket `call` as over HTTP. The table is typed
 * by `EndpointPath`, so a new endpoint without a case fails the type check, and the test names it.
 *
 * - `read`: the same call on both transports; code, message, count, page and data must be equal.
 * - `write`: the call is built afresh for each transport (its own message, group, person…), so
 *   both do the same thing to equal objects; code, message, count, page and the data's shape
 *   must be equal, and the code must be `code` (0 unless stated: the case reaches the handler's
 *   success path, not only its validation).
 * - `httpOnly`: PROTOCOL §11.6 keeps it off the socket (answers 400 socket.notAllowed there),
 *   with the reason.
 */

type Params = Record<string, unknown>;

/** One call: who makes it (bob unless `as`), its params, and a path other than the endpoint's own (prefix routes). */
export interface Call {
  params: Params;
  as?: TestUser;
  path?: string;
}

export interface World {
  s: TestServer;
  alice: TestUser;
  bob: TestUser;
  carol: TestUser;
  /** bob's group, with alice and carol. */
  groupId: number;
  /** A signed-in socket of `u` (one per user, opened on first use). */
  socketOf(u: TestUser): Promise<TestSocket>;
  /** A new signed-in person. */
  person(): Promise<TestUser>;
  /** A new text from bob to alice. */
  message(): Promise<{ id: string; msg_id: number }>;
  /** A new group of bob's, with alice and carol. */
  group(): Promise<number>;
  /** A new post of bob's. */
  moment(): Promise<number>;
  /** A new sticker of bob's; its id. */
  sticker(): Promise<number>;
}

export type Case =
  | { read: (w: World) => Call | Promise<Call> }
  | { write: (w: World) => Call | Promise<Call>; code?: number }
  | { httpOnly: string };

const uploads = '§11.6: a multipart body has no place in a call frame';
const admin = '§11.6: administration stays on HTTP';

const bob = (params: Params): Call => ({ params });

export const cases: Record<EndpointPath, Case> = {
  // Accounts (§2), system (§12.1), binding (§11.2)
  [paths.login]: {
    write: async (w) => ({ params: { account: (await w.person()).account, password: 'case-pw01', terminal: 'app' } }),
  },
  // Ends the session that makes it: a fresh person's, over their own socket.
  [paths.logout]: { write: async (w) => ({ params: {}, as: await w.person() }) },
  [paths.register]: {
    write: () => bob({ account: `reg${randomBytes(4).toString('hex')}`, realname: 'Reg', password: 'reg-pw01' }),
  },
  [paths.sendCode]: { write: () => bob({ account: 'someone@example.com', type: 1 }), code: 400 },
  [paths.resetPassword]: {
    write: (w) => bob({ account: w.bob.account, code: '000000', password: 'new-pw01' }),
    code: 400,
  },
  [paths.editPassword]: {
    write: async (w) => ({ params: { password: 'case-pw02', originalPassword: 'case-pw01' }, as: await w.person() }),
  },
  [paths.editAccount]: {
    write: async (w) => ({ params: { account: `acc${randomBytes(4).toString('hex')}` }, as: await w.person() }),
  },
  // No code was ever sent to that address (no mailer here): code.wrong on both transports.
  [paths.bindEmail]: {
    write: async (w) => ({ params: { email: 'case@example.com', newCode: '000000' }, as: await w.person() }),
    code: 400,
  },
  [paths.getUserInfo]: { read: (w) => bob({ user_id: w.carol.id }) },
  [paths.updateUserInfo]: { write: () => bob({ motto: 'over either transport' }) },
  [paths.setting]: { write: () => bob({ theme: 'default' }) },
  [paths.getSystemInfo]: { read: () => bob({}) },
  [paths.checkVersion]: { read: () => bob({ release: 1, version: '1.0.0' }) },
  [paths.clientError]: { write: () => bob({ message: 'a test report', stack: '' }) },
  [paths.bindUid]: { read: async (w) => bob({ client_id: (await w.socketOf(w.bob)).clientId, user_id: w.bob.id }) },
  [paths.bindGroup]: { read: async (w) => bob({ client_id: (await w.socketOf(w.bob)).clientId, group_id: w.groupId }) },
  [paths.offline]: { read: (w) => bob({ user_id: w.bob.id }) },

  // Contacts and friends (§3)
  [paths.getContacts]: { read: () => bob({}) },
  [paths.getContactInfo]: { read: (w) => bob({ id: w.alice.id }) },
  [paths.searchUser]: { read: () => bob({ keywords: 'car' }) },
  [paths.userList]: { read: () => bob({ page: 1, limit: 2 }) },
  [paths.setChatTop]: { write: (w) => bob({ id: w.alice.id, is_top: 1 }) },
  [paths.isNotice]: { write: (w) => bob({ id: w.alice.id, is_notice: 1 }) },
  [paths.delChat]: { write: (w) => bob({ id: w.carol.id }) },
  [paths.getAdminNotice]: { read: () => bob({}) },
  '/scan/u/*': { read: () => ({ params: {}, path: '/scan/u/not-a-signed-code' }) },
  [paths.friendIndex]: { read: () => bob({ is_mine: 1 }) },
  [paths.friendAdd]: { write: async (w) => bob({ user_id: (await w.person()).id, remark: 'hello' }) },
  [paths.friendUpdate]: {
    write: async (w) => {
      const asker = await w.person();
      expect((await w.s.api.post(paths.friendAdd, { user_id: w.bob.id }, { token: asker.token })).body.code).toBe(0);
      const row = await w.s.database.db
        .selectFrom('friends')
        .select('id')
        .where('create_user', '=', asker.id)
        .executeTakeFirstOrThrow();
      return bob({ friend_id: row.id, status: 1 });
    },
  },
  [paths.friendDel]: {
    write: async (w) => {
      const friend = await w.person();
      await w.s.services.contacts.makeFriends(w.bob.id, friend.id);
      return bob({ id: friend.id });
    },
  },
  [paths.friendSetNickname]: {
    write: async (w) => {
      const friend = await w.person();
      await w.s.services.contacts.makeFriends(w.bob.id, friend.id);
      const row = await w.s.database.db
        .selectFrom('friends')
        .select('id')
        .where('create_user', '=', w.bob.id)
        .where('friend_user_id', '=', friend.id)
        .executeTakeFirstOrThrow();
      return bob({ friend_id: row.id, nickname: 'Pal' });
    },
  },
  [paths.friendGetApplyMsg]: { read: () => bob({}) },

  // Messages (§4), search, call signalling (§10)
  [paths.sendMessage]: {
    write: (w) => bob({ id: randomUUID(), type: 'text', content: 'hello', toContactId: w.alice.id }),
  },
  [paths.getMessageList]: { read: (w) => bob({ toContactId: w.alice.id, limit: 5 }) },
  [paths.getMessageInfo]: { read: async (w) => bob({ id: (await w.message()).id }) },
  [paths.getMessageContext]: {
    read: async (w) => bob({ toContactId: w.alice.id, msg_id: (await w.message()).msg_id, limit: 3 }),
  },
  [paths.setMsgIsRead]: { write: (w) => bob({ toContactId: w.alice.id }) },
  [paths.readAtMsg]: { write: (w) => bob({ toContactId: `group-${w.groupId}` }) },
  [paths.undoMessage]: { write: async (w) => bob({ id: (await w.message()).id }) },
  [paths.delMessage]: { write: async (w) => bob({ id: (await w.message()).id }) },
  [paths.removeMessage]: { write: async (w) => bob({ id: (await w.message()).id }) },
  [paths.forwardMessage]: { write: async (w) => bob({ user_ids: [w.carol.id], msg_id: (await w.message()).msg_id }) },
  [paths.search]: { read: () => bob({ keywords: 'hello' }) },
  [paths.readList]: {
    read: async (w) => {
      const id = randomUUID();
      const res = await w.s.api.post(
        paths.sendMessage,
        { id, type: 'text', content: 'who read this', toContactId: `group-${w.groupId}` },
        { token: w.bob.token },
      );
      expect(res.body.code, res.body.msg).toBe(0);
      return bob({ id, type: 'unread' });
    },
  },
  [paths.sendToMsg]: {
    // A call between two new friends, so no earlier call of the table's people is in the way.
    write: async (w) => {
      const [caller, callee] = [await w.person(), await w.person()];
      await w.s.services.contacts.makeFriends(caller.id, callee.id);
      await w.socketOf(callee);
      return { params: { toContactId: callee.id, type: 1, event: 'calling', id: randomUUID() }, as: caller };
    },
  },

  // No TURN configured in this world, so both transports answer the same list (no minted expiry).
  [paths.iceServers]: { read: () => bob({}) },

  // Groups (§6)
  [paths.groupAdd]: { write: (w) => bob({ user_ids: [w.alice.id, w.carol.id], name: 'Case' }) },
  [paths.groupGetAllUser]: { read: (w) => bob({ group_id: w.groupId }) },
  [paths.groupUserList]: { read: (w) => bob({ group_id: w.groupId }) },
  [paths.groupInfo]: { read: (w) => bob({ group_id: w.groupId }) },
  [paths.groupEditName]: { write: async (w) => bob({ id: await w.group(), displayName: 'Renamed' }) },
  [paths.groupAddUser]: {
    write: async (w) => {
      const id = await w.group();
      const newcomer = await w.person();
      await w.s.services.contacts.makeFriends(w.bob.id, newcomer.id);
      return bob({ id, user_ids: [newcomer.id] });
    },
  },
  [paths.groupJoin]: {
    write: async (w) => ({ params: { group_id: await w.group() }, as: await w.person() }),
    code: 400,
  },
  [paths.groupRemoveUser]: { write: async (w) => bob({ id: await w.group(), user_id: w.carol.id }) },
  [paths.groupSetManager]: { write: async (w) => bob({ id: await w.group(), user_id: w.alice.id, role: 2 }) },
  [paths.groupSetNoSpeak]: { write: async (w) => bob({ id: await w.group(), user_id: w.alice.id, noSpeakTimer: 1 }) },
  [paths.groupSetNotice]: { write: async (w) => bob({ id: await w.group(), notice: 'Read me' }) },
  [paths.groupSetting]: { write: async (w) => bob({ id: await w.group(), setting: { invite: '1' } }) },
  [paths.groupChangeOwner]: { write: async (w) => bob({ id: await w.group(), user_id: w.alice.id }) },
  [paths.groupClearMessage]: { write: async (w) => bob({ id: await w.group() }) },
  [paths.groupRemove]: { write: async (w) => bob({ id: await w.group() }) },
  [paths.updateCard]: { write: (w) => bob({ id: w.groupId, nickname: 'Bobby' }) },
  '/scan/g/*': { read: () => ({ params: {}, path: '/scan/g/not-a-signed-code' }) },

  // Files and stickers (§4.7, §5, §8)
  [paths.uploadFile]: { httpOnly: uploads },
  [paths.uploadAvatar]: { httpOnly: uploads },
  [paths.uploadImage]: { httpOnly: uploads },
  [paths.uploadEmoji]: { httpOnly: uploads },
  [paths.filesIndex]: { read: () => bob({}) },
  [paths.emojiIndex]: { read: () => bob({}) },
  [paths.emojiAdd]: {
    write: async (w) => {
      const res = await upload(w.s.url, paths.uploadFile, {
        token: w.bob.token,
        file: { name: 'pic.png', bytes: await makeImage(60, 60) },
      });
      expect(res.body.code, res.body.msg).toBe(0);
      return bob({ file_id: res.body.data.file_id });
    },
  },
  [paths.emojiDel]: { write: async (w) => bob({ ids: [await w.sticker()] }) },
  [paths.emojiMove]: { write: async (w) => bob({ ids: [await w.sticker()] }) },

  // Moments (§9)
  [paths.momentsList]: { read: () => bob({}) },
  [paths.momentsPublish]: { write: () => bob({ content: 'a post' }) },
  [paths.momentsDel]: { write: async (w) => bob({ id: await w.moment() }) },
  [paths.momentsLike]: { write: async (w) => bob({ id: await w.moment() }) },
  [paths.momentsUnlike]: {
    write: async (w) => {
      const id = await w.moment();
      expect((await w.s.api.post(paths.momentsLike, { id }, { token: w.bob.token })).body.code).toBe(0);
      return bob({ id });
    },
  },
  [paths.momentsComment]: { write: async (w) => bob({ id: await w.moment(), content: 'nice' }) },
  [paths.momentsDelComment]: {
    write: async (w) => {
      const res = await w.s.api.post(
        paths.momentsComment,
        { id: await w.moment(), content: 'oops' },
        { token: w.bob.token },
      );
      expect(res.body.code, res.body.msg).toBe(0);
      return bob({ id: res.body.data.id });
    },
  },
  [paths.momentsNotices]: { read: () => bob({}) },
  [paths.momentsUnread]: { read: () => bob({}) },

  // Web Push (issue 22)
  [pushPaths.key]: { read: () => bob({}) },
  [pushPaths.subscribe]: {
    write: () => bob({ endpoint: `https://push.example.com/${randomUUID()}`, keys: browserKeys().keys }),
  },
  [pushPaths.unsubscribe]: { write: () => bob({ endpoint: 'https://push.example.com/none' }) },

  // Administration (§12.3)
  [paths.adminGetAllConfig]: { httpOnly: admin },
  [paths.adminGetConfig]: { httpOnly: admin },
  [paths.adminSetConfig]: { httpOnly: admin },
  [paths.adminGetInviteLink]: { httpOnly: admin },
  [paths.adminSendTestEmail]: { httpOnly: admin },
  [paths.adminIndex]: { httpOnly: admin },
  [paths.adminMessageStats]: { httpOnly: admin },
  [paths.adminClearMessage]: { httpOnly: admin },
  [paths.adminNoticeList]: { httpOnly: admin },
  [paths.adminPublishNotice]: { httpOnly: admin },
  [paths.adminDelNotice]: { httpOnly: admin },
  [paths.adminUserIndex]: { httpOnly: admin },
  [paths.adminUserAdd]: { httpOnly: admin },
  [paths.adminUserEdit]: { httpOnly: admin },
  [paths.adminUserDel]: { httpOnly: admin },
  [paths.adminUserDetail]: { httpOnly: admin },
  [paths.adminUserSetStatus]: { httpOnly: admin },
  [paths.adminUserSetRole]: { httpOnly: admin },
  [paths.adminUserEditPassword]: { httpOnly: admin },
  [paths.adminGroupIndex]: { httpOnly: admin },
  [paths.adminGroupUserList]: { httpOnly: admin },
  [paths.adminGroupChangeOwner]: { httpOnly: admin },
  [paths.adminGroupSetManager]: { httpOnly: admin },
  [paths.adminGroupDel]: { httpOnly: admin },
  [paths.adminGroupDelUser]: { httpOnly: admin },
  [paths.adminGroupAddUser]: { httpOnly: admin },
  [paths.adminMessageIndex]: { httpOnly: admin },
  [paths.adminMessageContacts]: { httpOnly: admin },
  [paths.adminDealMsg]: { httpOnly: admin },
  [paths.adminAuditIndex]: { httpOnly: admin },
  [paths.adminOrgAdd]: { httpOnly: admin },
  [paths.adminOrgEdit]: { httpOnly: admin },
  [paths.adminOrgDel]: { httpOnly: admin },
  [paths.adminOrgMove]: { httpOnly: admin },
  [paths.adminOrgImport]: { httpOnly: admin },
  // §18: bob is no admin and the world runs in runMode 2, so both answer org.disabled, alike on both transports.
  [paths.orgTree]: { read: () => bob({}) },
  [paths.orgMembers]: { read: () => bob({ dep_id: 0, recursive: 1 }) },
  [ssoPaths.testOidc]: { httpOnly: admin },
  [ssoPaths.testLdap]: { httpOnly: admin },
  [ssoPaths.syncLdap]: { httpOnly: admin },
  [ssoPaths.ldapStatus]: { httpOnly: admin },
};

/** The world the cases act in: alice, bob and carol, bob friends with both, and bob's group. */
export async function makeWorld(
  s: TestServer,
  people: { alice: TestUser; bob: TestUser; carol: TestUser },
): Promise<World & { close(): void }> {
  const { alice, bob: b, carol } = people;
  await makeFriends(s, b, alice);
  await makeFriends(s, b, carol);
  const groupId = await makeGroup(s, b, [alice, carol]);
  const sockets = new Map<number, Promise<TestSocket>>();
  let n = 0;
  const w: World = {
    s,
    alice,
    bob: b,
    carol,
    groupId,
    socketOf(u) {
      let sock = sockets.get(u.id);
      if (!sock) sockets.set(u.id, (sock = connectSocket(s.url, { token: u.token })));
      return sock;
    },
    person: () =>
      registerAndLogin(s.api, {
        account: `case${String(++n).padStart(3, '0')}${randomBytes(2).toString('hex')}`,
        realname: `Case ${n}`,
        password: 'case-pw01',
      }),
    async message() {
      const id = randomUUID();
      const res = await s.api.post(
        paths.sendMessage,
        { id, type: 'text', content: 'hello there', toContactId: alice.id },
        { token: b.token },
      );
      expect(res.body.code, res.body.msg).toBe(0);
      return { id, msg_id: res.body.data.msg_id as number };
    },
    group: () => makeGroup(s, b, [alice, carol]),
    async moment() {
      const res = await s.api.post(paths.momentsPublish, { content: 'a post' }, { token: b.token });
      expect(res.body.code, res.body.msg).toBe(0);
      return res.body.data.id as number;
    },
    async sticker() {
      const file = await upload(s.url, paths.uploadFile, {
        token: b.token,
        file: { name: 'st.png', bytes: await makeImage(50, 50) },
      });
      expect(file.body.code, file.body.msg).toBe(0);
      expect(
        (await s.api.post(paths.emojiAdd, { file_id: file.body.data.file_id }, { token: b.token })).body.code,
      ).toBe(0);
      const list = await s.api.post(paths.emojiIndex, {}, { token: b.token });
      return (list.body.data as Array<{ id: number }>)[0]?.id ?? 0;
    },
  };
  return { ...w, close: () => void Promise.all(sockets.values()).then((all) => all.forEach((x) => x.close())) };
}
