import { describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type {
  Contact,
  DelMessageEvent,
  EventFrame,
  SocketEventType,
  StatisticsEvent,
  UndoMessageEvent,
} from '@parley/protocol';
import { contact, message } from '../../state/conversations/fixtures';
import { contactsKey } from '../../state/conversations/api';
import type { ContactsData } from '../../state/conversations/model';
import { messagesKey } from '../../state/messages/api';
import type { MessagesData } from '../../state/messages/model';
import { systemInfoKey } from '../system/api';
import { orgTreeKey } from '../org/api';
import { followOrgChanges } from '../org/events';
import { adminStats } from './admin-stats';
import { createDispatcher, type DispatchDeps } from './dispatch';

/**
 * The dispatcher's cases that dispatch.test.ts leaves out: what each push changes on the screens a
 * person has open (the conversation list, an open chat, the system settings), one case a test.
 */

const ME = 1;
const frame = <T>(type: SocketEventType, data: T): EventFrame => ({ type, time: 1, data });

function setup() {
  const qc = new QueryClient();
  qc.setQueryData<ContactsData>(contactsKey, {
    contacts: [contact(2, { unread: 0, displayName: 'Bob' }), contact('group-5', { unread: 0, displayName: 'Team' })],
    pendingFriends: 0,
  });
  const deps: DispatchDeps = {
    qc,
    myId: () => ME,
    readingChat: () => null,
    onKicked: vi.fn(),
    onNotify: vi.fn(),
    onReadWhileOpen: vi.fn(),
    onSystemMessage: vi.fn(),
  };
  const contacts = () => qc.getQueryData<ContactsData>(contactsKey)?.contacts ?? [];
  const chat = (key: string) => qc.getQueryData<MessagesData>(messagesKey(key))?.messages ?? [];
  const stale = (key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated ?? false;
  return { qc, deps, dispatch: createDispatcher(deps), contacts, chat, stale };
}

describe('socket event dispatcher, the remaining cases', () => {
  it('files a group message under its group, counted unread and appended to the open group chat', () => {
    const { qc, deps, dispatch, contacts, chat } = setup();
    qc.setQueryData<MessagesData>(messagesKey('group-5'), { messages: [], hasMore: false });
    const msg = message({ from: 3, toContactId: 'group-5', content: 'standup in 5' });
    dispatch(frame('group', msg));
    expect(contacts().find((c) => c.id === 'group-5')).toMatchObject({ unread: 1, lastContent: 'standup in 5' });
    expect(chat('group-5').map((m) => m.id)).toEqual([msg.id]);
    expect(deps.onNotify).toHaveBeenCalledTimes(1);
  });

  it('turns a recalled message into its recall line in the open chat', () => {
    const { qc, dispatch, chat } = setup();
    const msg = message({ id: 'r1', msg_id: 7, from: 2, toContactId: 2, content: 'oops' });
    qc.setQueryData<MessagesData>(messagesKey('2'), { messages: [msg], hasMore: false });
    const undo: UndoMessageEvent = {
      id: 'r1',
      msg_id: 7,
      from_user: 2,
      type: 'event',
      is_undo: 1,
      status: 'succeed',
      is_last: 0,
      sendTime: 1,
      toContactId: 2,
      content: '',
      extends: { undoBy: 2 },
    } as UndoMessageEvent;
    dispatch(frame('undoMessage', undo));
    expect(chat('2')[0]).toMatchObject({ id: 'r1', type: 'event', is_undo: 1 });
  });

  it('removes a deleted message from the open chat', () => {
    const { qc, dispatch, chat } = setup();
    const keep = message({ id: 'k', msg_id: 1, from: 2, toContactId: 2 });
    const gone = message({ id: 'g', msg_id: 2, from: 2, toContactId: 2 });
    qc.setQueryData<MessagesData>(messagesKey('2'), { messages: [keep, gone], hasMore: false });
    const del: DelMessageEvent = {
      id: 'g',
      msg_id: 2,
      from_user: 2,
      to_user: ME,
      toContactId: 2,
      is_group: 0,
      is_last: 0,
    };
    dispatch(frame('delMessage', del));
    expect(chat('2').map((m) => m.id)).toEqual(['k']);
  });

  it('re-reads an edited chat and the list; a cleared group chat and the list; new settings', () => {
    const { qc, dispatch, stale } = setup();
    qc.setQueryData<MessagesData>(messagesKey('2'), { messages: [], hasMore: false });
    qc.setQueryData<MessagesData>(messagesKey('group-5'), { messages: [], hasMore: false });
    qc.setQueryData(systemInfoKey, {});
    dispatch(
      frame('updateMessage', { id: 'x', msg_id: 1, type: 'text', content: 'edited', toContactId: 2, is_group: 0 }),
    );
    expect(stale(messagesKey('2'))).toBe(true);
    expect(stale(messagesKey('group-5'))).toBe(false);
    expect(stale(contactsKey)).toBe(true);
    dispatch(frame('clearMessage', { group_id: 'group-5' }));
    expect(stale(messagesKey('group-5'))).toBe(true);
    expect(stale(systemInfoKey)).toBe(false);
    dispatch(frame('updateConfig', {}));
    expect(stale(systemInfoKey)).toBe(true);
  });

  it('adds a new friend to the list, shows a remark set on another device, and drops an ended friendship', () => {
    const { dispatch, contacts } = setup();
    const carol: Contact = contact(3, { displayName: 'Carol' });
    dispatch(frame('appendContact', carol));
    expect(contacts().map((c) => c.id)).toContain(3);
    dispatch(frame('setNickname', { friend_id: 9, user_id: 2, nickname: 'Bobby' }));
    expect(contacts().find((c) => c.id === 2)?.displayName).toBe('Bobby');
    dispatch(frame('removeGroup', { group_id: 3 }));
    expect(contacts().map((c) => c.id)).not.toContain(3);
  });

  it('shows a changed avatar on the list row and on that person’s bubbles in open chats', () => {
    const { qc, dispatch, contacts, chat } = setup();
    const msg = message({ from: 2, toContactId: 2 });
    qc.setQueryData<MessagesData>(messagesKey('2'), { messages: [msg], hasMore: false });
    dispatch(frame('updateUser', { user_id: 2, realname: 'Bob', avatar: '/new.png', motto: '', sex: 1 }));
    expect(contacts().find((c) => c.id === 2)?.avatar).toBe('/new.png');
    expect(chat('2')[0]?.fromUser?.avatar).toBe('/new.png');
  });

  it('hands live statistics to the admin dashboard', () => {
    const { dispatch } = setup();
    const seen: StatisticsEvent[] = [];
    const stop = adminStats.subscribe((s) => seen.push(s));
    const stats = { onlineCount: 4 } as unknown as StatisticsEvent;
    dispatch(frame('statistics', stats));
    stop();
    expect(seen).toEqual([stats]);
  });

  it('marks the organization tree stale on orgChanged, so an open tree refetches without a reload', () => {
    const { dispatch, qc } = setup();
    qc.setQueryData(orgTreeKey, []);
    expect(qc.getQueryState(orgTreeKey)?.isInvalidated).toBe(false);
    dispatch(frame('orgChanged', { version: 2 }));
    expect(qc.getQueryState(orgTreeKey)?.isInvalidated).toBe(true);
  });

  it('leaves the contact list to the address book on orgChanged: read when it is next shown, at once while shown', async () => {
    const { qc, dispatch } = setup();
    // The chat list observes the contacts, as on every screen; the push must not read them again.
    const read = vi.fn(() => Promise.resolve({ contacts: [], pendingFriends: 0 }));
    const stop = new QueryObserver(qc, { queryKey: contactsKey, queryFn: read, staleTime: 30_000 }).subscribe(() => {});
    dispatch(frame('orgChanged', { version: 2 }));
    await new Promise((r) => setTimeout(r, 0));
    stop();
    expect(read).not.toHaveBeenCalled();

    // The address book shown afterwards reads it once, then once per change while it is shown.
    const reread = vi.fn();
    const leave = followOrgChanges(reread);
    expect(reread).toHaveBeenCalledTimes(1);
    dispatch(frame('orgChanged', { version: 3 }));
    expect(reread).toHaveBeenCalledTimes(2);
    leave();
    dispatch(frame('orgChanged', { version: 4 }));
    expect(reread).toHaveBeenCalledTimes(2);

    // Shown again: one read for the change it missed, none for what it had seen.
    const again = vi.fn();
    followOrgChanges(again)();
    followOrgChanges(again)();
    expect(again).toHaveBeenCalledTimes(1);
  });
});
