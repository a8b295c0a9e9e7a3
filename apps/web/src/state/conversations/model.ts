import { ContactKind, type Contact, type Message } from '@parley/protocol';
import { toMillis } from '../../lib/format/time';
import { escapeHtml } from '../../lib/format/plain-text';
import { i18n } from '../../i18n';
import { eventLineText } from '../messages/event-line';

export { plainText } from '../../lib/format/plain-text';

/**
 * Conversation list rules of spec §4 as pure functions over the getContacts data: ordering,
 * counts, and how one incoming message changes the list.
 */

/** What the contacts query holds: the list and getContacts' `count` (pending friend requests). */
export interface ContactsData {
  contacts: Contact[];
  pendingFriends: number;
}

/** Conversation ids compare as strings: persons are numbers, groups "group-N", favourites -1. */
export const keyOf = (id: number | string): string => String(id);

export function findContact(data: ContactsData | undefined, id: number | string): Contact | undefined {
  const key = keyOf(id);
  return data?.contacts.find((c) => keyOf(c.id) === key);
}

/** Spec §4: pinned first, then lastSendTime descending (stable for equal times). */
export function sortConversations(list: readonly Contact[]): Contact[] {
  return list
    .map((c, i) => ({ c, i }))
    .sort((a, b) => {
      if (a.c.is_top !== b.c.is_top) return b.c.is_top - a.c.is_top;
      const dt = toMillis(b.c.lastSendTime) - toMillis(a.c.lastSendTime);
      return dt !== 0 ? dt : a.i - b.i;
    })
    .map(({ c }) => c);
}

/**
 * A fresh getContacts answer over the list it replaces. A new friend arrives as `appendContact`
 * with the line "you are now friends" (type `event`, PROTOCOL §7 update), but getContacts answers
 * a chat without messages with lastContent "" (§3.1), and home hides those rows: the new friend
 * vanished at the next refetch (issue 42 #8). Such a row keeps its line, as in WeChat, until the
 * first message replaces it. A row I removed (delChat) was already "" here, so it stays hidden.
 */
export function keepFriendshipLines(fresh: readonly Contact[], before: readonly Contact[] | undefined): Contact[] {
  if (!before?.length) return [...fresh];
  const lines = new Map(
    before
      .filter((c) => c.is_group === ContactKind.person && c.type === 'event' && c.lastContent !== '')
      .map((c) => [keyOf(c.id), c]),
  );
  return fresh.map((c) => {
    const kept = c.is_group === ContactKind.person && c.lastContent === '' ? lines.get(keyOf(c.id)) : undefined;
    return kept ? { ...c, lastContent: kept.lastContent, type: kept.type, lastSendTime: kept.lastSendTime } : c;
  });
}

/** A conversation belongs on home when it has content (or a draft waiting in it). */
function hasContent(c: Contact): boolean {
  return c.lastContent !== '';
}

export function homeConversations(list: readonly Contact[], drafts: Readonly<Record<string, string>> = {}): Contact[] {
  return sortConversations(list.filter((c) => hasContent(c) || Boolean(drafts[keyOf(c.id)])));
}

/** Spec §4: the total counts only conversations with notices on and with content. */
export function totalUnread(list: readonly Contact[]): number {
  return list.reduce((sum, c) => (c.is_notice === 1 && hasContent(c) ? sum + Math.max(0, c.unread) : sum), 0);
}

/**
 * The conversation a pushed message belongs to, from my side (PROTOCOL §4.4): a `simple` push
 * I sent (another of my devices) is filed under `toUser`; anyone else's under `toContactId`.
 * Group pushes carry "group-N" in toContactId.
 */
export function conversationOf(
  msg: Pick<Message, 'fromUser' | 'from_user' | 'toUser' | 'toContactId'>,
  myId: number,
): string {
  return senderId(msg) === myId ? keyOf(msg.toUser) : keyOf(msg.toContactId);
}

export function senderId(msg: Pick<Message, 'fromUser' | 'from_user'>): number {
  return Number(msg.fromUser?.id ?? msg.from_user);
}

export interface IncomingContext {
  myId: number;
  /** The chat on screen and the page focused: its messages are being read as they come. */
  readingChat: string | null;
}

export type IncomingResult =
  | { kind: 'system' }
  | { kind: 'unknown'; data: ContactsData }
  | { kind: 'updated'; data: ContactsData; contact: Contact };

function isContact(v: unknown): v is Contact {
  return typeof v === 'object' && v !== null && 'id' in v && 'displayName' in v;
}

/**
 * Spec §4 "Incoming message": last content, time and type follow the message; unread +1 when
 * someone else sent it and I am not reading that chat; the mention count rises when I am in
 * `at` (or it holds 0, @all); an unknown conversation is added (from the push's contactInfo; the caller refetches
 * when there is none); messages to "system" only raise the separate system counter.
 */
export function applyIncoming(data: ContactsData, msg: Message, ctx: IncomingContext): IncomingResult {
  const key = conversationOf(msg, ctx.myId);
  if (key === 'system' || keyOf(msg.toContactId) === 'system') return { kind: 'system' };
  const fromOther = senderId(msg) !== ctx.myId;
  const reading = ctx.readingChat === key;
  const index = data.contacts.findIndex((c) => keyOf(c.id) === key);
  const info = isContact(msg.contactInfo) ? msg.contactInfo : undefined;
  const listed = index >= 0 ? data.contacts[index] : undefined;
  const base: Contact | undefined = listed
    ? { ...listed, ...(info && keyOf(info.id) === key ? identityOf(info) : {}) }
    : info
      ? { ...info, unread: 0, is_at: 0 }
      : undefined;
  if (!base) return { kind: 'unknown', data };
  // The server expands @all into ids when storing (PROTOCOL §4.4) and counts it in `is_at`; a
  // `0` that reaches a client anyway means everyone, me included, so both counts agree.
  const at = Array.isArray(msg.at) ? msg.at.map(Number) : [];
  const mentioned = fromOther && (at.includes(ctx.myId) || at.includes(0));
  const contact: Contact = {
    ...base,
    lastContent: lastContentOf(msg, ctx.myId),
    lastSenderName: lastSenderNameOf(msg, ctx.myId),
    lastSendTime: toMillis(msg.sendTime),
    type: msg.type,
    unread: fromOther && !reading ? (base.unread || 0) + 1 : reading ? 0 : base.unread,
    is_at: mentioned && !reading ? (base.is_at || 0) + 1 : base.is_at,
  };
  const contacts = index >= 0 ? data.contacts.map((c, i) => (i === index ? contact : c)) : [contact, ...data.contacts];
  return index >= 0
    ? { kind: 'updated', data: { ...data, contacts }, contact }
    : { kind: 'unknown', data: { ...data, contacts } };
}

/**
 * How the conversation is named and pictured, as the push's sender computed it for me: a remark
 * or a new avatar set elsewhere (another device, the admin) shows with the next message instead
 * of waiting for the list's refetch. Counts and my preferences stay as this client keeps them.
 */
function identityOf(info: Contact): Partial<Contact> {
  const out: Partial<Contact> = { displayName: info.displayName, avatar: info.avatar };
  if (info.index !== undefined) out.index = info.index;
  if (info.name_py !== undefined) out.name_py = info.name_py;
  if (info.realname !== undefined) out.realname = info.realname;
  return out;
}

/**
 * What the list shows of a pushed message: event lines in my language (the push carries the
 * actor's wording, see messages/event-line.ts), escaped as stored content is; the rest as sent.
 */
function lastContentOf(msg: Message, myId: number): string {
  if (msg.type !== 'event') return msg.content;
  return escapeHtml(eventLineText(msg, { t: i18n.t, myId, senderName: msg.fromUser?.displayName ?? '' }));
}

/** Group previews name the sender of others' messages ("Alice: hi"), as WeChat does; not of event or call lines. */
function lastSenderNameOf(
  msg: Pick<Message, 'is_group' | 'type' | 'fromUser' | 'from_user' | 'is_undo'>,
  myId: number,
): string {
  if (
    msg.is_group !== ContactKind.group ||
    msg.type === 'event' ||
    msg.type === 'webrtc' ||
    msg.is_undo === 1 ||
    senderId(msg) === myId
  )
    return '';
  return msg.fromUser?.displayName || msg.fromUser?.realname || '';
}

/** Apply a change to one conversation; unchanged data when it is not listed. */
export function patchContact(data: ContactsData, id: number | string, patch: Partial<Contact>): ContactsData {
  const key = keyOf(id);
  let hit = false;
  const contacts = data.contacts.map((c) => {
    if (keyOf(c.id) !== key) return c;
    hit = true;
    return { ...c, ...patch };
  });
  return hit ? { ...data, contacts } : data;
}
