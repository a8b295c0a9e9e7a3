import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';
import type { MessageRow } from '../../platform/db/schema-chat';

/**
 * The messages module's conversation-list reads (its `conversationListRepo`), which the
 * conversation list needs. Messages imports contacts, so contacts receives them from
 * createServices (app.ts) instead of importing them: no import cycle, same statements.
 */
export interface MessageReads {
  lastMsgIds(db: Kysely<DB>, chatIds: string[]): Promise<Map<string, number>>;
  messagesByMsgIds(db: Kysely<DB>, msgIds: number[]): Promise<Map<number, MessageRow>>;
  hiddenAmong(db: Kysely<DB>, userId: number, msgIds: number[]): Promise<Set<number>>;
  newestVisible(db: Kysely<DB>, userId: number, chatId: string, afterMsgId: number): Promise<MessageRow | undefined>;
  unreadAbove(db: Kysely<DB>, me: number, above: Map<string, number>): Promise<Map<string, number>>;
  unreadMentionCounts(db: Kysely<DB>, me: number): Promise<Map<number, number>>;
  countInChat(db: Kysely<DB>, chatId: string): Promise<number>;
}
