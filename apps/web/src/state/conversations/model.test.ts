import { describe, expect, it } from 'vitest';
import {
  applyIncoming,
  conversationOf,
  homeConversations,
  plainText,
  sortConversations,
  totalUnread,
  type ContactsData,
} from './model';
import { contact, message } from './fixtures';
import { setLanguage } from '../../i18n';

const ME = 1;
const data = (...contacts: ReturnType<typeof contact>[]): ContactsData => ({ contacts, pendingFriends: 0 });

describe('conversation order and counts (spec §4)', () => {
  it('puts pinned conversations first, then the newest first', () => {
    const list = [
      contact(2, { lastSendTime: 100 }),
      contact(3, { lastSendTime: 300 }),
      contact('group-1', { lastSendTime: 50, is_top: 1 }),
      contact(4, { lastSendTime: 200, is_top: 1 }),
      contact(5, { lastSendTime: 200_000 }), // seconds: newer than every ms time above
    ];
    expect(sortConversations(list).map((c) => c.id)).toEqual([4, 'group-1', 5, 3, 2]);
  });

  it('totals unread only for conversations with notices on and with content', () => {
    const list = [
      contact(2, { unread: 3 }),
      contact(3, { unread: 4, is_notice: 0 }),
      contact(4, { unread: 5, lastContent: '' }),
      contact('group-1', { unread: 2 }),
    ];
    expect(totalUnread(list)).toBe(5);
  });

  it('lists on home only conversations with content or a draft', () => {
    const list = [contact(2, { lastContent: '' }), contact(3), contact(4, { lastContent: '' })];
    expect(homeConversations(list, { '4': 'typing…' }).map((c) => c.id)).toEqual([3, 4]);
  });
});

describe('incoming message reducer (spec §4)', () => {
  it('files a simple push from someone else under toContactId, mine under toUser', () => {
    expect(conversationOf(message({ from: 2, toContactId: 2, toUser: ME }), ME)).toBe('2');
    // Sent by me on another device to user 7: toContactId is my uid, toUser the target.
    expect(conversationOf(message({ from: ME, toContactId: ME, toUser: 7 }), ME)).toBe('7');
    // A favourite: filed under -1.
    expect(conversationOf(message({ from: ME, toContactId: ME, toUser: -1 }), ME)).toBe('-1');
    expect(conversationOf(message({ from: 3, toContactId: 'group-9', toUser: 'group-9', is_group: 1 }), ME)).toBe(
      'group-9',
    );
  });

  it('updates content, time, type and raises unread for a message from someone else', () => {
    const before = data(contact(2, { unread: 1, lastContent: 'old', lastSendTime: 5 }), contact(3));
    const r = applyIncoming(before, message({ from: 2, content: 'new', sendTime: 1_700_000_001_000, type: 'image' }), {
      myId: ME,
      readingChat: null,
    });
    expect(r.kind).toBe('updated');
    if (r.kind !== 'updated') return;
    expect(r.contact).toMatchObject({ lastContent: 'new', lastSendTime: 1_700_000_001_000, type: 'image', unread: 2 });
    expect(before.contacts[0]?.unread).toBe(1); // no mutation
  });

  it('reads seconds as seconds', () => {
    const r = applyIncoming(data(contact(2)), message({ from: 2, sendTime: 1_700_000_001 }), {
      myId: ME,
      readingChat: null,
    });
    expect(r.kind === 'updated' && r.contact.lastSendTime).toBe(1_700_000_001_000);
  });

  it('does not raise unread for my own message or for the chat I am reading', () => {
    const mine = applyIncoming(
      data(contact(7, { unread: 0 })),
      message({ from: ME, toContactId: ME, toUser: 7, content: 'from my phone' }),
      { myId: ME, readingChat: null },
    );
    expect(mine.kind === 'updated' && mine.contact).toMatchObject({ unread: 0, lastContent: 'from my phone' });
    const reading = applyIncoming(data(contact(2, { unread: 0 })), message({ from: 2 }), {
      myId: ME,
      readingChat: '2',
    });
    expect(reading.kind === 'updated' && reading.contact.unread).toBe(0);
  });

  it('counts a mention when I am in the at list', () => {
    const g = 'group-4';
    const start = data(contact(g, { unread: 0, is_at: 0 }));
    const at = applyIncoming(start, message({ from: 3, toContactId: g, toUser: g, is_group: 1, at: [ME, 5] }), {
      myId: ME,
      readingChat: null,
    });
    expect(at.kind === 'updated' && at.contact).toMatchObject({ unread: 1, is_at: 1 });
    const notMe = applyIncoming(start, message({ from: 3, toContactId: g, toUser: g, is_group: 1, at: [5] }), {
      myId: ME,
      readingChat: null,
    });
    expect(notMe.kind === 'updated' && notMe.contact.is_at).toBe(0);
    // @all as 0, as the server's is_at counts it.
    const all = applyIncoming(start, message({ from: 3, toContactId: g, toUser: g, is_group: 1, at: [0] }), {
      myId: ME,
      readingChat: null,
    });
    expect(all.kind === 'updated' && all.contact.is_at).toBe(1);
  });

  it('adds an unknown conversation from the push, or reports it unknown without one', () => {
    const start = data(contact(2));
    const info = contact(9, { displayName: 'Newbie', unread: 0 });
    const added = applyIncoming(start, message({ from: 9, toContactId: 9, contactInfo: info, content: 'hey' }), {
      myId: ME,
      readingChat: null,
    });
    expect(added.kind).toBe('unknown');
    expect(added.kind === 'unknown' && added.data.contacts[0]).toMatchObject({
      id: 9,
      displayName: 'Newbie',
      unread: 1,
      lastContent: 'hey',
    });
    const bare = applyIncoming(start, message({ from: 8, toContactId: 8 }), { myId: ME, readingChat: null });
    expect(bare).toEqual({ kind: 'unknown', data: start });
  });

  it('takes the name and picture the push carries for a listed conversation, keeping counts and preferences', () => {
    const start = data(contact(2, { displayName: 'Bob', unread: 4, is_top: 1, is_notice: 0 }));
    const info = contact(2, { displayName: 'Bobby (remark)', avatar: '/a.png', unread: 0, is_top: 0, is_notice: 1 });
    const r = applyIncoming(start, message({ from: 2, toContactId: 2, contactInfo: info }), {
      myId: ME,
      readingChat: null,
    });
    expect(r.kind === 'updated' && r.contact).toMatchObject({
      displayName: 'Bobby (remark)',
      avatar: '/a.png',
      unread: 5,
      is_top: 1,
      is_notice: 0,
    });
    // Another conversation's card (not this one's) changes nothing of its name.
    const other = applyIncoming(start, message({ from: 2, toContactId: 2, contactInfo: contact(9) }), {
      myId: ME,
      readingChat: null,
    });
    expect(other.kind === 'updated' && other.contact.displayName).toBe('Bob');
  });

  it('sends messages addressed to system to the separate counter', () => {
    const start = data(contact(2));
    expect(
      applyIncoming(start, message({ from: 5, toContactId: 'system', toUser: ME }), { myId: ME, readingChat: null }),
    ).toEqual({ kind: 'system' });
  });
});

describe('plainText', () => {
  it('strips tags and decodes entities for previews', () => {
    expect(plainText('<p>a&lt;b&gt; &amp; <b>bold</b><br>next &#39;q&#39; &#x1F600;</p>')).toBe(
      "a<b> & bold next 'q' 😀",
    );
    expect(plainText('<a href="https://x.y" target="_blank">link</a><img src="/static/a.png">')).toBe('link');
  });
});

describe('group previews (WeChat parity)', () => {
  const group = (over: Parameters<typeof message>[0] = {}) =>
    message({
      from: 3,
      toContactId: 'group-9',
      toUser: 'group-9',
      is_group: 1,
      content: 'hi',
      fromUser: { id: 3, user_id: 3, realname: 'Ann', displayName: 'Annie', account: '', avatar: '', name_py: '' },
      ...over,
    });

  it("names the sender of someone else's message, not mine nor an event line", () => {
    const before = data(contact('group-9'));
    const named = applyIncoming(before, group(), { myId: ME, readingChat: null });
    expect(named.kind === 'updated' && named.contact.lastSenderName).toBe('Annie');
    const mine = applyIncoming(before, group({ from: ME, fromUser: undefined }), { myId: ME, readingChat: null });
    expect(mine.kind === 'updated' && mine.contact.lastSenderName).toBe('');
    const line = applyIncoming(before, group({ type: 'event', content: 'Ann joined' }), {
      myId: ME,
      readingChat: null,
    });
    expect(line.kind === 'updated' && line.contact.lastSenderName).toBe('');
  });

  it('lists a pushed event line in my language, escaped as stored content', async () => {
    await setLanguage('zh-Hans');
    const ev = group({
      type: 'event',
      content: 'Ann&lt;3 joined the group by scanning the QR code',
      extends: { line: { key: 'group.eventJoined', params: { name: 'Ann<3' } } },
    });
    const r = applyIncoming(data(contact('group-9')), ev, { myId: ME, readingChat: null });
    expect(r.kind === 'updated' && r.contact.lastContent).toBe('Ann&lt;3通过扫码加入了群聊');
  });
});
