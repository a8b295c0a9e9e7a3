import { describe, expect, it } from 'vitest';
import { conversationOf, conversationOfRow } from './conversation';

describe('conversations', () => {
  it('names each kind from one user’s side (PROTOCOL §1.4)', () => {
    expect(conversationOf(12, { kind: 'user', id: 3 })).toMatchObject({ chatId: '3-12', wireId: 3, isGroup: 0 });
    expect(conversationOf(5, { kind: 'favourites' })).toMatchObject({ chatId: '-1-5', wireId: -1, isGroup: 3 });
    expect(conversationOf(5, { kind: 'group', id: 7 })).toMatchObject({
      chatId: 'group-7',
      wireId: 'group-7',
      isGroup: 1,
    });
    expect(conversationOf(5, { kind: 'admin_notice' })).toMatchObject({ chatId: 'admin_notice', isGroup: 2 });
    expect(conversationOf(5, { kind: 'system' })).toBeUndefined();
  });

  it('reads a stored single row as the peer from either side', () => {
    const row = { is_group: 0, from_user: 3, to_user: 12 };
    expect(conversationOfRow(3, row)).toMatchObject({ wireId: 12, chatId: '3-12' });
    expect(conversationOfRow(12, row)).toMatchObject({ wireId: 3, chatId: '3-12' });
  });
});
