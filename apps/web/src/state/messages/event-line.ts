import type { TFunction } from 'i18next';
import { ContactKind, type Message } from '@parley/protocol';
import { eventLineOf, type EventLineKey } from '@parley/protocol/event-lines';
import { plainText } from '../../lib/format/plain-text';

/**
 * The words of an `event` row in the reader's language (protocol event-lines.ts): a keyed group
 * line from its key and params, a recall line from `extends.undoBy`, and anything else (rows
 * stored before keys existed, lines the client does not know) as the server wrote it.
 */

const names: Record<EventLineKey, 'created' | 'invited' | 'joined' | 'left' | 'removed' | 'ownerChanged'> = {
  'group.eventCreated': 'created',
  'group.eventInvited': 'invited',
  'group.eventJoined': 'joined',
  'group.eventLeft': 'left',
  'group.eventRemoved': 'removed',
  'group.eventOwnerChanged': 'ownerChanged',
};

export type EventRow = Pick<Message, 'type' | 'content'> &
  Partial<Pick<Message, 'extends' | 'is_undo' | 'is_group' | 'from_user'>>;

export interface EventLineContext {
  t: TFunction;
  myId: number;
  /** The reader's name for the row's sender (remark, group card, else realname). */
  senderName: string;
}

export function eventLineText(row: EventRow, c: EventLineContext): string {
  if (row.type !== 'event') return plainText(row.content);
  if (row.is_undo === 1) {
    const by = Number(row.extends?.undoBy);
    // Without undoBy (an older push) the server's wording is all there is.
    if (!Number.isInteger(by) || by <= 0) return plainText(row.content);
    if (by === c.myId) return c.t('eventLines.recalledByMe');
    if (row.is_group !== ContactKind.group) return c.t('eventLines.recalledByPeer');
    if (by === Number(row.from_user) && c.senderName) return c.t('eventLines.recalledByName', { name: c.senderName });
    return by === Number(row.from_user) ? plainText(row.content) : c.t('eventLines.recalledByManager');
  }
  const line = eventLineOf(row.extends);
  if (!line) return plainText(row.content);
  const text = (k: string): string => {
    const v = line.params[k] ?? '';
    return Array.isArray(v) ? v.join(c.t('eventLines.separator')) : v;
  };
  return c.t(`eventLines.${names[line.key]}`, { name: text('name'), names: text('names'), target: text('target') });
}
