import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { DelMessageEvent, UndoMessageEvent } from '@parley/protocol';
import { contact, message } from '../../state/conversations/fixtures';
import { contactsKey } from '../../state/conversations/api';
import type { ContactsData } from '../../state/conversations/model';
import { messagesKey } from '../../state/messages/api';
import type { MessagesData } from '../../state/messages/model';
import { endpoints } from '../../lib/endpoints';
import { applyDel, applyUndo, onDelMessage, onUndoMessage } from './events';

const a = message({ msg_id: 1, content: 'first' });
const b = message({
  msg_id: 2,
  content: 'second',
  at: [1],
  pid: 1,
  extends: { quote: { name: 'x', content: 'first' } },
});

function setup() {
  const qc = new QueryClient();
  qc.setQueryData<ContactsData>(contactsKey, { contacts: [contact(2, { lastContent: 'second' })], pendingFriends: 0 });
  qc.setQueryData<MessagesData>(messagesKey('2'), { messages: [a, b], hasMore: false });
  const rows = () => qc.getQueryData<MessagesData>(messagesKey('2'))?.messages ?? [];
  const listed = () => qc.getQueryData<ContactsData>(contactsKey)?.contacts[0];
  return { qc, rows, listed };
}

const undo = (over: Partial<UndoMessageEvent> = {}): UndoMessageEvent => ({
  id: b.id,
  msg_id: 2,
  from_user: 2,
  type: 'event',
  is_undo: 1,
  status: 'succeed',
  is_last: 1,
  sendTime: b.sendTime,
  content: '对方撤回了一条消息',
  toContactId: 2,
  is_group: 0,
  isMobile: false,
  ...over,
});

describe('recall and delete on the caches', () => {
  it('turns the recalled row into the recall line without its mentions, quote or text', () => {
    const data = applyUndo({ messages: [a, b], hasMore: false }, { id: b.id, content: '对方撤回了一条消息' });
    expect(data.messages[1]).toMatchObject({
      type: 'event',
      is_undo: 1,
      content: '对方撤回了一条消息',
      at: [],
      pid: 0,
      extends: null,
    });
    expect(data.messages[0]).toBe(a);
  });

  it('leaves the data untouched when the row is not loaded', () => {
    const data: MessagesData = { messages: [a], hasMore: true };
    expect(applyUndo(data, { id: 'other', content: 'x' })).toBe(data);
    expect(applyDel(data, 'other')).toBe(data);
  });

  it('patches the open chat and, for the newest row, the conversation list (undoMessage push)', () => {
    const { qc, rows, listed } = setup();
    onUndoMessage(qc, undo());
    expect(rows().map((m) => m.content)).toEqual(['first', '对方撤回了一条消息']);
    expect(listed()).toMatchObject({ lastContent: '对方撤回了一条消息', type: 'event' });
  });

  it('keeps the list line when an older row is recalled', () => {
    const { qc, listed } = setup();
    onUndoMessage(qc, undo({ id: a.id, msg_id: 1, is_last: 0 }));
    expect(listed()?.lastContent).toBe('second');
  });

  it('drops a deleted row and re-reads the list line when it was the newest (delMessage push)', async () => {
    const { qc, rows, listed } = setup();
    const info = vi
      .spyOn(endpoints, 'getContactInfo')
      .mockResolvedValue(contact(2, { lastContent: 'first', lastSendTime: 5 }));
    const ev: DelMessageEvent = {
      id: b.id,
      msg_id: 2,
      from_user: 2,
      to_user: 1,
      toContactId: 2,
      is_group: 0,
      is_last: 1,
    };
    onDelMessage(qc, ev);
    expect(rows().map((m) => m.id)).toEqual([a.id]);
    await vi.waitFor(() => expect(listed()?.lastContent).toBe('first'));
    expect(info).toHaveBeenCalledWith('2');
    info.mockRestore();
  });

  it('ignores malformed pushes', () => {
    const { qc, rows } = setup();
    onUndoMessage(qc, null as unknown as UndoMessageEvent);
    onDelMessage(qc, {} as DelMessageEvent);
    expect(rows()).toHaveLength(2);
  });
});
