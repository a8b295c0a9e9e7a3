import type { Message } from '@parley/protocol';

/**
 * What a bubble body may read of its message. Stored rows and pushes carry the whole Message
 * object (PROTOCOL §4.1); a pending upload in the outbox has only some of it.
 */
export type BodyMessage = Pick<Message, 'id' | 'type' | 'content'> & Partial<Omit<Message, 'id' | 'type' | 'content'>>;

export interface BodyProps {
  msg: BodyMessage;
  mine: boolean;
  /** The sender as this chat names them (alt texts, cards). */
  senderName: string;
}
