import {
  ContactKind,
  FileCate,
  GroupRole,
  isGroupManager,
  limits,
  type Contact,
  type Message,
  type SendMessageParams,
} from '@parley/protocol';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock';
import { withTx, type DB } from '../../platform/db/index';
import type { Events } from '../../platform/events';
import { jsonVariants } from '../../platform/json-variants';
import { AppError, badParam } from '../../platform/http/errors';
import type { ConfigService } from '../config/index';
import {
  conversationOf,
  parseGroupSetting,
  prefsRepo,
  type ContactSet,
  type Contacts,
  type Conversation,
  type GroupReads,
  type GroupRow,
} from '../contacts/index';
import type { UserRow, UsersService } from '../users/index';
import { prepareContent, sendableType } from './kinds';
import type { FileReads } from './file-reads';
import { fileColumns, isFileMessageType, prepareFileContent, type FileRow } from './file-message';
import { cardOf, cardUserId } from './location-contact';
import * as repo from './messages.repo';
import { indexMessage } from './search-index.repo';
import { createSendBatch } from './pg-send-batch';
import { isSqlite } from '../../platform/db/dialect';
import { createSingleChatCheck } from './single-check';
import { MessageIdTaken, type MessageRow } from './messages.repo';
import { toMessage, type RowContext } from './present';
import type { Guards } from '../../platform/limits/index';
import type { RequestView } from '../../platform/http/router';
import { favouritesMessageRecipients, singleMessageRecipients } from './recipients';

export interface SendDeps {
  db: Kysely<DB>;
  clock: Clock;
  config: Pick<ConfigService, 'systemInfo' | 'automation'>;
  users: UsersService;
  contactSet: ContactSet;
  contacts: Contacts;
  events: Events;
  log: (err: unknown) => void;
  /** The files module's reads of uploads (files imports messages: handed over, not imported). */
  fileReads: FileReads;
  /** Server-wide abuse guard: messages per user per second (issue 19). */
  guards?: Pick<Guards, 'message'>;
  /** Reads of the groups module's tables (groups imports messages, so not an import). */
  groupReads: GroupReads;
}

const pad = (n: number) => String(n).padStart(2, '0');
function dateTime(sec: number): string {
  const d = new Date(sec * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export interface SendOptions {
  /** A forwarded copy of this row (§4.6): no `sendInterval` check; its file may be reused. */
  forwardOf?: MessageRow;
}

/** sendMessage (PROTOCOL §4.4): the checks in order, one transaction, pushes after commit. */
export function createSender(deps: SendDeps) {
  const { db, clock, config, users, contactSet, contacts, events, groupReads } = deps;

  /** Check 6: who may write to whom in a single chat (shared with calls, §10.1). */
  const checkSingle = createSingleChatCheck({ config, users, contactSet });

  /** Check 7: the group exists, I am a member, and I may speak. */
  async function checkGroup(me: UserRow, groupId: number) {
    const group = await groupReads.findGroup(db, groupId);
    if (!group) throw new AppError(400, 'group.notFound');
    const member = await groupReads.membership(db, groupId, me.id);
    if (!member) throw new AppError(400, 'chat.notMember');
    const { nospeak } = parseGroupSetting(group.setting);
    if ((nospeak === '1' && !isGroupManager(member.role)) || (nospeak === '2' && member.role !== GroupRole.owner))
      throw new AppError(401, 'chat.groupMuted');
    if (member.no_speak_time * 1000 > clock.now())
      throw new AppError(400, 'chat.memberMuted', { time: dateTime(member.no_speak_time) });
    return { group, member };
  }

  /** The sender's view of a stored row, named by its original target. */
  function senderView(
    me: UserRow,
    row: MessageRow,
    conv: Conversation,
    r: RequestView,
    role: number,
    nickname = '',
    previewPrefix = '',
  ): Message {
    const c: RowContext = {
      viewerId: me.id,
      lang: r.lang,
      origin: r.origin,
      sender: me,
      senderName: nickname || me.realname,
      role,
      toContactId: conv.wireId,
      isLast: true,
      previewPrefix,
    };
    return toMessage(row, c);
  }

  /** Pushes to both parties; returns the sender's contactInfo (the receiver as a person). */
  async function pushSingle(
    me: UserRow,
    peer: UserRow,
    row: MessageRow,
    base: Message,
    r: RequestView,
  ): Promise<Contact> {
    const last = { content: base.content, type: row.type, sendTime: row.send_time_ms };
    const { toA: toMe, toB: toPeer, nameOfA } = await contacts.personPushPair(me, peer, r, last);
    // The two pushes are the reply with three fields changed: serialised once (json-variants.ts).
    const variant = jsonVariants(base, ['toContactId', 'fromUser', 'contactInfo']);
    const to = singleMessageRecipients(me.id, peer.id);
    await events.toUsersJson(
      to.peer,
      'simple',
      variant({
        toContactId: me.id,
        fromUser: { ...base.fromUser, displayName: nameOfA || me.realname },
        contactInfo: toPeer,
      }),
    );
    await events.toUsersJson(
      to.mine,
      'simple',
      variant({ toContactId: me.id, fromUser: base.fromUser, contactInfo: toMe }),
    );
    return toMe;
  }

  /** Pushes to the members; returns the sender's contactInfo (the group as I list it). */
  async function pushGroup(
    me: UserRow,
    row: MessageRow,
    base: Message,
    members: Array<{ user_id: number; role: number }>,
    r: RequestView,
    group: GroupRow,
  ): Promise<Contact | undefined> {
    const v = await contacts.viewerOf(me, r);
    const prefs = new Map((await prefsRepo.prefsForChat(db, row.chat_identify)).map((p) => [p.user_id, p]));
    const last = { content: base.content, type: row.type, sendTime: row.send_time_ms };
    // One payload per (role, pin, notify) combination: a handful, whatever the group size.
    const variants = new Map<string, number[]>();
    for (const m of members) {
      const p = prefs.get(m.user_id);
      const key = `${m.role}|${p?.is_top ?? 0}|${p?.is_notice ?? 1}`;
      const ids = variants.get(key);
      if (ids)
        ids.push(m.user_id); // (copying the array per member was O(members²))
      else variants.set(key, [m.user_id]);
    }
    let mine: Contact | undefined;
    // §17: only my own copy carries the read counts (base has them when read lists are on).
    const { readCount, unreadCount: _unread, ...plain } = base;
    const counted = readCount !== undefined;
    for (const [key, ids] of variants) {
      const first = prefs.get(ids[0] ?? 0);
      const contactInfo = contacts.groupPushContact(v, group, Number(key.split('|')[0]), first, last);
      const withMe = ids.includes(me.id);
      if (withMe) mine = contactInfo;
      // Not `{ ...base, is_read, contactInfo }`: base has no contactInfo yet, and a spread followed by
      // a key it lacks makes a new hidden class per object (see the row in sendNew).
      const others = withMe && counted ? ids.filter((id) => id !== me.id) : ids;
      await events.toUsers(others, 'group', Object.assign({}, counted ? plain : base, { is_read: 0, contactInfo }));
      if (withMe && counted)
        await events.toUsers([me.id], 'group', Object.assign({}, base, { is_read: 0, contactInfo }));
    }
    return mine;
  }

  /** Messages this node has stored since start (`/metrics`). */
  let stored = 0;
  /** PostgreSQL only: SQLite's group commit already shares one transaction among concurrent sends. */
  const batch = isSqlite(db) ? undefined : createSendBatch(db);

  return {
    storedCount: () => stored,
    async send(me: UserRow, p: SendMessageParams, r: RequestView, opts: SendOptions = {}): Promise<Message> {
      await deps.guards?.message(me.id);
      return sendOnce(me, p, r, opts);
    },
  };

  async function previewPrefix(): Promise<string> {
    return (await config.systemInfo()).fileUpload.preview;
  }

  /** A file message names my own upload, or the file of the message I forward (§4.4, §4.6). */
  async function usableFile(me: UserRow, fileId: number | undefined, opts: SendOptions): Promise<FileRow> {
    const file = fileId ? await deps.fileReads.findFile(db, fileId) : undefined;
    if (!file || (file.user_id !== me.id && opts.forwardOf?.file_id !== file.id)) throw badParam('file_id');
    return file;
  }

  async function sendOnce(me: UserRow, p: SendMessageParams, r: RequestView, opts: SendOptions): Promise<Message> {
    // 1. shape
    const type = sendableType(p.type);
    if (p.content === undefined && !isFileMessageType(type)) throw badParam('content');
    if (p.extends && Buffer.byteLength(JSON.stringify(p.extends)) > limits.extendsBytes) throw badParam('extends');
    try {
      return await sendNew(me, p, type, r, opts);
    } catch (err) {
      // 2. idempotent resend. A stored original answers a resend before any later check (so it is
      // answered as it was, whatever changed since). It is looked up only when the new row was not
      // stored: its insert found the uuid taken (two concurrent sends of one id included), or a
      // later check refused it. A send that goes through never reads by uuid.
      if (!(err instanceof MessageIdTaken || err instanceof AppError)) throw err;
      const stored = await repo.findByUuid(db, p.id);
      if (!stored) throw err;
      return resent(me, stored, r);
    }
  }

  /** The answer to a resend of a stored row: only its own sender may resend an id. */
  async function resent(me: UserRow, stored: MessageRow, r: RequestView): Promise<Message> {
    if (stored.from_user !== me.id) throw badParam('id');
    const conv = conversationOfStored(me.id, stored);
    const member =
      stored.is_group === ContactKind.group ? await groupReads.membership(db, stored.to_user, me.id) : undefined;
    return senderView(me, stored, conv, r, member?.role ?? 3, member?.nickname, await previewPrefix());
  }

  /** Checks 3 to 7, then the row, its pushes after the commit. */
  async function sendNew(
    me: UserRow,
    p: SendMessageParams,
    type: ReturnType<typeof sendableType>,
    r: RequestView,
    opts: SendOptions,
  ): Promise<Message> {
    // 3. read-only conversations
    const conv = conversationOf(me.id, p.toContactId);
    if (!conv || conv.kind === 'admin_notice') throw new AppError(400, 'chat.systemReadOnly');
    // 4. sendInterval
    const { chatInfo } = await config.systemInfo();
    if (
      !opts.forwardOf &&
      chatInfo.sendInterval > 0 &&
      clock.now() - (await repo.lastSentAt(db, me.id)) < chatInfo.sendInterval * 1000
    ) {
      throw new AppError(400, 'chat.sendInterval', { seconds: chatInfo.sendInterval });
    }
    // 5. content rules
    const ext = type === 'contact' ? { ...cardOf(await users.get(cardUserId(p.extends) ?? 0), r.origin) } : p.extends;
    const file = isFileMessageType(type) ? await usableFile(me, p.file_id, opts) : undefined;
    const prepared =
      file && isFileMessageType(type)
        ? prepareFileContent(type, file, p.extends)
        : prepareContent(type, p.content ?? '', ext, [r.origin], r.lang);
    // A sticker that is one of our uploads keeps its file, so whoever receives it can add it (§8).
    const sticker = type === 'emoji' ? await deps.fileReads.findFileByPath(db, prepared.content) : undefined;
    const preview = await previewPrefix();
    // 6. / 7. who may write here
    const peer = conv.kind === 'user' ? await checkSingle(me, conv.peerId) : undefined;
    const grp = conv.kind === 'group' ? await checkGroup(me, conv.groupId) : undefined;

    const pidRow = p.pid && p.pid > 0 ? await repo.findByMsgId(db, p.pid) : undefined;
    const pid = pidRow && pidRow.chat_identify === conv.chatId ? pidRow.msg_id : 0;
    const now = clock.now();

    const valuesWith = (at: number[]) => ({
      id: p.id,
      chat_identify: conv.chatId,
      from_user: me.id,
      to_user: conv.kind === 'user' ? conv.peerId : conv.kind === 'group' ? conv.groupId : -1,
      is_group: conv.isGroup,
      type,
      content: prepared.content,
      extends: prepared.extends ? JSON.stringify(prepared.extends) : '',
      at: at.join(','),
      pid,
      is_undo: 0,
      ...fileColumns(file ?? (sticker?.cate === FileCate.image ? sticker : undefined)),
      send_time_ms: now,
    });
    // msg_id first: a spread followed by a key it lacks gave every row a hidden class of its own
    // in V8, old-space garbage per send (docs/performance.md, issue 23, twelfth pass).
    const rowOf = (msgId: number, values: ReturnType<typeof valuesWith>): MessageRow => ({ msg_id: msgId, ...values });
    const senderBase = (row: MessageRow) =>
      senderView(me, row, conv, r, grp?.member.role ?? 3, grp?.member.nickname, preview);

    /** After the commit: the pushes, and the reply's contactInfo (the sender's view of the conversation). */
    async function deliver(row: MessageRow, base: Message, members: Array<{ user_id: number; role: number }>) {
      stored++;
      if (peer) base.contactInfo = await pushSingle(me, peer, row, base, r);
      // The group row the send was checked against (check 7), not read again.
      else if (grp) base.contactInfo = await pushGroup(me, row, base, members, r, grp.group);
      else {
        const contactInfo = await contacts.favouritesContactFor(me, await contacts.viewerOf(me, r));
        await events.toUsers(
          favouritesMessageRecipients(me.id),
          'simple',
          Object.assign({}, base, { toContactId: me.id, contactInfo }),
        );
        base.contactInfo = contactInfo;
      }
    }

    /** The reply's payload; §17: every other member is a member at sending time, and none has read it yet. */
    const replyOf = (row: MessageRow, members: Array<{ user_id: number }>): Message => {
      const base = senderBase(row);
      if (grp && chatInfo.readList === 1)
        Object.assign(base, { readCount: 0, unreadCount: members.filter((m) => m.user_id !== me.id).length });
      return base;
    };

    // PostgreSQL: a send that writes no sendInterval mark joins the other sends' statement (pg-send-batch.ts).
    if (batch && chatInfo.sendInterval <= 0) {
      const members = grp ? await groupReads.activeMembers(db, grp.group.id) : [];
      const at = grp ? mentioned(me.id, p.at, members) : [];
      const values = valuesWith(at);
      const row = rowOf(await batch.write(values, grp ? { groupId: grp.group.id, userIds: at } : undefined), values);
      const base = replyOf(row, members);
      // As withTx's onCommit: the row is stored, so a failed push is reported, not the send.
      await deliver(row, base, members).catch(deps.log);
      return base;
    }

    return withTx(
      db,
      async (tx, onCommit) => {
        const members = grp ? await groupReads.activeMembers(tx, grp.group.id) : [];
        const at = grp ? mentioned(me.id, p.at, members) : [];
        const values = valuesWith(at);
        const row = rowOf(await repo.insertMessage(tx, values), values);
        await repo.setLastMsg(tx, conv.chatId, row.msg_id);
        if (chatInfo.sendInterval > 0) await repo.markSent(tx, me.id, now);
        await indexMessage(tx, row);
        if (grp) await repo.insertMentions(tx, row.msg_id, grp.group.id, at);
        const base = replyOf(row, members);
        // The reply is the sender's payload: withTx runs this before it returns `base`.
        onCommit(() => deliver(row, base, members));
        return base;
      },
      deps.log,
    );
  }
}

/** Whom a group message mentions: the members named in `at` (0 = everyone), never the sender. */
function mentioned(me: number, at: number[] | undefined, members: Array<{ user_id: number }>): number[] {
  if (!at?.length) return [];
  const memberIds = new Set(members.map((m) => m.user_id));
  const others = members.filter((m) => m.user_id !== me).map((m) => m.user_id);
  return [...new Set(at.flatMap((id) => (id === 0 ? others : [id])))].filter((id) => id !== me && memberIds.has(id));
}

function conversationOfStored(me: number, row: MessageRow): Conversation {
  if (row.is_group === ContactKind.group) return conversationOf(me, { kind: 'group', id: row.to_user }) as Conversation;
  if (row.is_group === ContactKind.favourites) return conversationOf(me, { kind: 'favourites' }) as Conversation;
  return conversationOf(me, { kind: 'user', id: row.to_user }) as Conversation;
}
