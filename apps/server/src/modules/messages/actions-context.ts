import { ContactKind } from '@parley/protocol';
import type { DelMessageEvent, SocketEventMap } from '@parley/protocol';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock';
import type { DB } from '../../platform/db/index';
import type { Events } from '../../platform/events';
import type { RequestView } from '../../platform/http/router';
import type { ConfigService } from '../config/index';
import { conversationOfRow, type GroupReads } from '../contacts/index';
import type { UsersService } from '../users/index';
import type { MessageRow } from './messages.repo';
import type { Reader } from './read.service';
import { rowRecipients } from './recipients';

/** What recall, delete, hide and forward (PROTOCOL §4.6) share. */

export interface ActionDeps {
  db: Kysely<DB>;
  clock: Clock;
  config: Pick<ConfigService, 'systemInfo'>;
  users: UsersService;
  events: Events;
  log: (err: unknown) => void;
  /** Reads of the groups module's tables (groups imports messages, so not an import). */
  groupReads: GroupReads;
}

/** The reader's visibility rule: every action starts from a row the actor may see. */
export type VisibleRow = Reader['visibleRow'];

/** The causing request: its language and origin, and its User-Agent for `isMobile` (§2.1). */
export interface ActionRequest extends RequestView {
  userAgent: string;
}

/** Who hears of a change to `row` (§4.6): both parties (single), the active members (group), the owner (favourites). */
export async function audienceOf(
  groupReads: Pick<GroupReads, 'activeMembers'>,
  db: Kysely<DB>,
  row: MessageRow,
): Promise<number[]> {
  const members =
    row.is_group === ContactKind.group ? (await groupReads.activeMembers(db, row.to_user)).map((m) => m.user_id) : [];
  return rowRecipients(row, members);
}

/** The conversation of `row` as `viewer` names it: the other party's uid, "group-N" or -1. */
export const sideOf = (viewer: number, row: MessageRow): number | string => conversationOfRow(viewer, row).wireId;

/** `delMessage` as each recipient reads it: a recall and an administrator's delete say the same. */
export const delMessageFor =
  (row: MessageRow, wasLast: boolean) =>
  (uid: number): DelMessageEvent => ({
    id: row.id,
    msg_id: row.msg_id,
    from_user: row.from_user,
    to_user: row.to_user,
    toContactId: sideOf(uid, row),
    is_group: row.is_group as 0 | 1 | 3,
    is_last: wasLast ? 1 : 0,
  });

/**
 * Sends one event whose data differs per recipient, once per distinct payload (in a group: the
 * actor's and everyone else's), so a large group costs a couple of publishes, not one per member.
 */
export async function pushPerRecipient<T extends 'undoMessage' | 'delMessage' | 'updateMessage'>(
  events: Events,
  type: T,
  recipients: number[],
  dataFor: (userId: number) => SocketEventMap[T],
): Promise<void> {
  const byPayload = new Map<string, { data: SocketEventMap[T]; ids: number[] }>();
  for (const id of recipients) {
    const data = dataFor(id);
    const key = JSON.stringify(data);
    const entry = byPayload.get(key) ?? { data, ids: [] };
    entry.ids.push(id);
    byPayload.set(key, entry);
  }
  for (const { data, ids } of byPayload.values()) await events.toUsers(ids, type, data);
}

export const isSystemLine = (row: MessageRow): boolean => row.type === 'event' || row.type === 'webrtc';
