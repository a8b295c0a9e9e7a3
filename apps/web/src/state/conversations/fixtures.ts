import type { Contact, Message } from '@parley/protocol';

/** Test builders (used by several features' tests). */
export function contact(id: number | string, over: Partial<Contact> = {}): Contact {
  return {
    id,
    is_group: typeof id === 'string' && id.startsWith('group-') ? 1 : 0,
    displayName: `C${id}`,
    avatar: '',
    lastContent: 'hi',
    type: 'text',
    lastSendTime: 1_000_000_000_000,
    unread: 0,
    is_top: 0,
    is_notice: 1,
    is_at: 0,
    is_online: 0,
    index: 'C',
    setting: [],
    ...over,
  };
}

export function message(over: Partial<Message> & { from?: number } = {}): Message {
  const { from = 2, ...rest } = over;
  return {
    id: crypto.randomUUID(),
    msg_id: 1,
    type: 'text',
    content: 'hello',
    sendTime: 1_700_000_000_000,
    status: 'succeed',
    is_group: 0,
    is_read: 0,
    is_undo: 0,
    is_last: 1,
    toContactId: from,
    toUser: 1,
    to_user: 1,
    from_user: from,
    fromUser: {
      id: from,
      user_id: from,
      realname: `U${from}`,
      displayName: `U${from}`,
      account: `u${from}`,
      avatar: '',
      name_py: '',
    },
    at: [],
    pid: 0,
    extends: null,
    role: 3,
    ...rest,
  };
}
