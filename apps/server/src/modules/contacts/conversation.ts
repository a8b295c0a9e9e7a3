import { ContactKind } from '@parley/protocol';
import type { ConversationRef } from '@parley/protocol';

/**
 * A conversation seen from one user (PROTOCOL §1.4): how it is stored (`chat_identify`,
 * `to_user`, `is_group`) and how it is named on the wire from that user's side.
 */
export type Conversation =
  | { kind: 'user'; peerId: number; chatId: string; wireId: number; isGroup: 0 }
  | { kind: 'group'; groupId: number; chatId: string; wireId: string; isGroup: 1 }
  | { kind: 'admin_notice'; chatId: 'admin_notice'; wireId: 'admin_notice'; isGroup: 2 }
  | { kind: 'favourites'; chatId: string; wireId: -1; isGroup: 3 };

export const ADMIN_NOTICE = 'admin_notice';

export const singleChatId = (a: number, b: number): string => (a < b ? `${a}-${b}` : `${b}-${a}`);
export const groupChatId = (groupId: number): string => `group-${groupId}`;
export const favouritesChatId = (userId: number): string => `-1-${userId}`;
export const groupWireId = (groupId: number): string => `group-${groupId}`;

/** `undefined` for the `system` pseudo conversation, which is never stored. */
export function conversationOf(me: number, ref: ConversationRef): Conversation | undefined {
  switch (ref.kind) {
    case 'user':
      return { kind: 'user', peerId: ref.id, chatId: singleChatId(me, ref.id), wireId: ref.id, isGroup: 0 };
    case 'group':
      return { kind: 'group', groupId: ref.id, chatId: groupChatId(ref.id), wireId: groupWireId(ref.id), isGroup: 1 };
    case 'favourites':
      return { kind: 'favourites', chatId: favouritesChatId(me), wireId: -1, isGroup: 3 };
    case 'admin_notice':
      return { kind: 'admin_notice', chatId: ADMIN_NOTICE, wireId: ADMIN_NOTICE, isGroup: 2 };
    case 'system':
      return undefined;
  }
}

/** A stored message row's conversation from `viewer`'s side. */
export function conversationOfRow(
  viewer: number,
  row: { is_group: number; from_user: number; to_user: number },
): Conversation {
  if (row.is_group === ContactKind.group)
    return conversationOf(viewer, { kind: 'group', id: row.to_user }) as Conversation;
  if (row.is_group === ContactKind.adminNotice) return conversationOf(viewer, { kind: 'admin_notice' }) as Conversation;
  if (row.is_group === ContactKind.favourites)
    return conversationOf(row.from_user, { kind: 'favourites' }) as Conversation;
  const peer = row.from_user === viewer ? row.to_user : row.from_user;
  return conversationOf(viewer, { kind: 'user', id: peer }) as Conversation;
}
