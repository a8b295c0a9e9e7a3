import { describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { defaultSystemInfo, type EventFrame, type SocketEventType } from '@parley/protocol';
import { contact, message } from '../../state/conversations/fixtures';
import { contactsKey } from '../../state/conversations/api';
import type { ContactsData } from '../../state/conversations/model';
import { messagesKey } from '../../state/messages/api';
import type { MessagesData } from '../../state/messages/model';
import { createDispatcher, refreshAfterBind, type DispatchDeps } from './dispatch';
import { systemInfoKey } from '../system/api';
import { nextMention } from '../groups/at-list';

const ME = 1;
const frame = <T>(type: SocketEventType, data: T): EventFrame => ({ type, time: 1, data });

function setup(over: Partial<DispatchDeps> = {}) {
  const qc = new QueryClient();
  qc.setQueryData<ContactsData>(contactsKey, {
    contacts: [contact(2, { unread: 0 }), contact('group-5')],
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
    ...over,
  };
  const contacts = () => qc.getQueryData<ContactsData>(contactsKey)?.contacts ?? [];
  return { qc, deps, dispatch: createDispatcher(deps), contacts };
}

describe('socket event dispatcher', () => {
  it('files an incoming single message, counts it unread, appends it to a loaded chat and notifies', () => {
    const { qc, deps, dispatch, contacts } = setup();
    qc.setQueryData<MessagesData>(messagesKey('2'), { messages: [], hasMore: false });
    const msg = message({ from: 2, toContactId: 2, content: 'hey' });
    dispatch(frame('simple', msg));
    expect(contacts()[0]).toMatchObject({ id: 2, unread: 1, lastContent: 'hey' });
    expect(qc.getQueryData<MessagesData>(messagesKey('2'))?.messages.map((m) => m.id)).toEqual([msg.id]);
    expect(deps.onNotify).toHaveBeenCalledTimes(1);
    expect(deps.onReadWhileOpen).not.toHaveBeenCalled();
  });

  it('reads at once in the chat being read, without a sound', () => {
    const { deps, dispatch, contacts } = setup({ readingChat: () => '2' });
    dispatch(frame('simple', message({ from: 2, toContactId: 2 })));
    expect(contacts()[0]?.unread).toBe(0);
    expect(deps.onReadWhileOpen).toHaveBeenCalledWith('2', [expect.objectContaining({ from_user: 2 })]);
    expect(deps.onNotify).not.toHaveBeenCalled();
  });

  it('files my own message from another device under toUser, silently', () => {
    const { deps, dispatch, contacts } = setup();
    dispatch(frame('simple', message({ from: ME, toContactId: ME, toUser: 2, content: 'from my phone' })));
    expect(contacts()[0]).toMatchObject({ id: 2, unread: 0, lastContent: 'from my phone' });
    expect(deps.onNotify).not.toHaveBeenCalled();
  });

  it('refetches contacts for an unknown conversation and counts system messages apart', () => {
    const { qc, deps, dispatch } = setup();
    const spy = vi.spyOn(qc, 'invalidateQueries');
    dispatch(frame('simple', message({ from: 9, toContactId: 9 })));
    expect(spy).toHaveBeenCalledWith({ queryKey: contactsKey });
    dispatch(frame('simple', message({ from: 9, toContactId: 'system' })));
    expect(deps.onSystemMessage).toHaveBeenCalledTimes(1);
  });

  it('keeps a message that arrives while the list is being fetched, whose answer was read before it', async () => {
    const { qc, dispatch, contacts } = setup();
    // The server's list, as it stands when each fetch is answered; answers come back when released.
    let stored = false;
    const release: Array<() => void> = [];
    const queryFn = () => {
      const list = [contact(2, stored ? { unread: 1, lastContent: 'hey' } : { unread: 0 })];
      return new Promise<ContactsData>((resolve) => release.push(() => resolve({ contacts: list, pendingFriends: 0 })));
    };
    const observer = new QueryObserver(qc, { queryKey: contactsKey, queryFn });
    const stop = observer.subscribe(() => undefined); // the home list on screen: fetches, the list being stale
    await vi.waitFor(() => expect(release).toHaveLength(1));

    stored = true;
    dispatch(frame('simple', message({ from: 2, toContactId: 2, content: 'hey' })));
    expect(contacts()[0]).toMatchObject({ id: 2, unread: 1 });

    for (let i = 0; i < 10 && qc.isFetching({ queryKey: contactsKey }) > 0; i++) {
      for (const answer of release.splice(0)) answer();
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(contacts()[0]).toMatchObject({ id: 2, unread: 1, lastContent: 'hey' });
    stop();
  });

  it('marks my messages read on isRead and readAll', () => {
    const { qc, dispatch } = setup();
    const a = message({ id: 'a', msg_id: 1, from: ME, toContactId: 2 });
    const b = message({ id: 'b', msg_id: 2, from: ME, toContactId: 2 });
    qc.setQueryData<MessagesData>(messagesKey('2'), { messages: [a, b], hasMore: false });
    dispatch(frame('isRead', [{ id: 'a', msg_id: 1, is_read: 1, toContactId: 2 }]));
    expect(qc.getQueryData<MessagesData>(messagesKey('2'))?.messages.map((m) => m.is_read)).toEqual([1, 0]);
    dispatch(frame('readAll', { toContactId: 2 }));
    expect(qc.getQueryData<MessagesData>(messagesKey('2'))?.messages.map((m) => m.is_read)).toEqual([1, 1]);
  });

  it('reconciles pin, mute and presence', () => {
    const { dispatch, contacts } = setup();
    dispatch(frame('setChatTop', { id: 'group-5', is_top: 1, is_group: 1 }));
    dispatch(frame('setIsNotice', { id: 2, is_notice: 0, is_group: 0 }));
    dispatch(frame('isOnline', { id: 2, is_online: 1 }));
    expect(contacts().find((c) => c.id === 'group-5')?.is_top).toBe(1);
    expect(contacts().find((c) => c.id === 2)).toMatchObject({ is_notice: 0, is_online: 1 });
  });

  it('is forced offline only by a web login (isMobile false)', () => {
    const { deps, dispatch } = setup();
    dispatch(frame('offline', { id: ME, client_id: 'x', isMobile: true }));
    expect(deps.onKicked).not.toHaveBeenCalled();
    dispatch(frame('offline', { id: ME, client_id: 'x', isMobile: false }));
    expect(deps.onKicked).toHaveBeenCalledTimes(1);
  });

  // Every known type has its case (the switch ends in assertNever) and its payload type
  // (SocketEventMap, checked against real pushes by the server's integration tests).
  it('takes the mention count and list of a group from atMsgList, also to zero', () => {
    const { dispatch, contacts } = setup();
    const m = (msg_id: number) => message({ msg_id, from: 3, toContactId: 'group-5', is_group: 1, at: [ME] });
    dispatch(frame('atMsgList', { list: [m(9), m(4)], count: 2, toContactId: 'group-5' }));
    expect(contacts()[1]).toMatchObject({ id: 'group-5', is_at: 2 });
    expect(nextMention('group-5')).toEqual({ target: 4, rest: [9] });
    dispatch(frame('atMsgList', { list: [], count: 0, toContactId: 'group-5' }));
    expect(contacts()[1]?.is_at).toBe(0);
    expect(nextMention('group-5')).toBeNull();
  });

  it('counts a pushed group message naming me or everyone as a mention, not while I read that group', () => {
    const { dispatch, contacts } = setup();
    const g = (at: number[]) => message({ from: 3, toContactId: 'group-5', toUser: 'group-5', is_group: 1, at });
    dispatch(frame('group', g([ME])));
    dispatch(frame('group', g([0])));
    dispatch(frame('group', g([7])));
    expect(contacts().find((c) => c.id === 'group-5')).toMatchObject({ unread: 3, is_at: 2 });
    const reading = setup({ readingChat: () => 'group-5' });
    reading.dispatch(frame('group', g([ME])));
    expect(reading.contacts().find((c) => c.id === 'group-5')?.is_at).toBe(0);
  });

  it('ignores event types it does not know, from a newer server', () => {
    const { dispatch, contacts } = setup();
    const before = contacts();
    expect(() => dispatch({ type: 'fromTheFuture', time: 1, data: {} } as unknown as EventFrame)).not.toThrow();
    expect(contacts()).toBe(before);
  });

  it('re-reads contacts and marks every cached chat to be re-read after each bind', () => {
    const qc = new QueryClient();
    const spy = vi.spyOn(qc, 'invalidateQueries');
    refreshAfterBind(qc);
    expect(spy).toHaveBeenCalledWith({ queryKey: contactsKey });
    expect(spy).toHaveBeenCalledWith({ queryKey: ['messages'] });
  });

  it('reads the site info again after a bind: a settings change pushed while the socket was down is not replayed', async () => {
    const qc = new QueryClient();
    const read = vi.fn(async () => ({ runMode: read.mock.calls.length }));
    await qc.fetchQuery({ queryKey: systemInfoKey, queryFn: read });
    refreshAfterBind(qc);
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(2));
  });

  it('reads the site info again on every updateConfig, even where no screen shows it', async () => {
    const { qc, dispatch } = setup();
    const read = vi.fn(async () => ({ runMode: read.mock.calls.length }));
    // Cached by an earlier screen, observed by none now (the admin console listens to its events).
    await qc.fetchQuery({ queryKey: systemInfoKey, queryFn: read });
    const reads: string[] = [];
    qc.getQueryCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'success') reads.push(String(e.query.queryKey[0]));
    });
    dispatch(frame('updateConfig', {}));
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(2));
    dispatch(frame('updateConfig', {}));
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(3));
    await vi.waitFor(() => expect(reads).toEqual(['systemInfo', 'systemInfo']));
  });

  it('reads the chat list again when runMode changes, and only then', async () => {
    const { qc, dispatch } = setup();
    const info = (runMode: number) => ({ ...defaultSystemInfo, sysInfo: { ...defaultSystemInfo.sysInfo, runMode } });
    qc.setQueryData(systemInfoKey, info(2));
    const listReads = vi.fn(async () => ({ contacts: [], pendingFriends: 0 }));
    const observer = new QueryObserver(qc, { queryKey: contactsKey, queryFn: listReads, staleTime: Infinity });
    const stop = observer.subscribe(() => undefined);
    // Another setting saved: the list stays as it is.
    dispatch(frame('updateConfig', info(2)));
    expect(qc.getQueryState(contactsKey)?.isInvalidated).toBe(false);
    // Enterprise mode: everyone is now a contact, so the list is read again without a reload.
    qc.setQueryData(systemInfoKey, info(2));
    dispatch(frame('updateConfig', info(1)));
    await vi.waitFor(() => expect(listReads).toHaveBeenCalledTimes(1));
    stop();
  });
});
