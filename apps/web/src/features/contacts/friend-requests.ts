import { ContactKind, type Contact } from '@parley/protocol';
import { FriendStatus, type FriendRequest, type UserSummary } from './types';

/**
 * How the two request lists (received / sent) change between reads. Pushes do not carry a
 * request row (a `simple` to "system" has only a text), so a new request means "read again";
 * answers and new friendships can be applied in place so the screen never waits.
 */
export type RequestEvent =
  /** I accepted or refused a request addressed to me. */
  | { kind: 'answered'; friendId: number; status: 0 | 1 }
  /** `appendContact`: a friendship with this person started (either side accepted). */
  | { kind: 'friendship'; userId: number }
  /** A `simple` push to "system": someone sent me a request. */
  | { kind: 'requestPushed' };

export interface RequestLists {
  received: FriendRequest[];
  sent: FriendRequest[];
}

export interface RequestResult {
  lists: RequestLists;
  /** The lists are missing something only the server has: read them again. */
  refetch: boolean;
}

function setStatus(
  rows: FriendRequest[],
  match: (r: FriendRequest) => boolean,
  status: FriendRequest['status'],
): FriendRequest[] {
  let changed = false;
  const next = rows.map((r) => {
    if (!match(r) || r.status === status) return r;
    changed = true;
    return { ...r, status };
  });
  return changed ? next : rows;
}

export function applyRequestEvent(lists: RequestLists, event: RequestEvent): RequestResult {
  switch (event.kind) {
    case 'answered':
      return {
        lists: { ...lists, received: setStatus(lists.received, (r) => r.friend_id === event.friendId, event.status) },
        refetch: false,
      };
    case 'friendship': {
      // Only pending rows turn into "accepted": a refused one stays as history.
      const pending = (r: FriendRequest) => r.status === FriendStatus.pending;
      return {
        lists: {
          received: setStatus(
            lists.received,
            (r) => pending(r) && r.create_user === event.userId,
            FriendStatus.accepted,
          ),
          sent: setStatus(lists.sent, (r) => pending(r) && r.friend_user_id === event.userId, FriendStatus.accepted),
        },
        refetch: false,
      };
    }
    case 'requestPushed':
      return { lists, refetch: true };
  }
}

/** The other person of a row: the sender for received rows, the addressee for sent ones. */
export function otherSide(row: FriendRequest, mine: boolean): UserSummary {
  return mine ? row.user_id_info : row.create_user_info;
}

export function pendingCount(rows: readonly FriendRequest[]): number {
  return rows.filter((r) => r.status === FriendStatus.pending).length;
}

/**
 * The address book entry for a new friend (`appendContact`), replacing an older one. The push
 * carries `unread: 0` (counts are left to the client), so a conversation already listed keeps
 * its count: messages the person sent before the friendship began are still unread.
 */
export function upsertPerson(list: readonly Contact[], contact: Contact): Contact[] {
  const key = String(contact.id);
  const old = list.find((c) => String(c.id) === key);
  const rest = list.filter((c) => String(c.id) !== key);
  return [...rest, old ? { ...contact, unread: old.unread } : contact];
}

/** `removeGroup` with a user id: that person is no longer a contact, nor a conversation. */
export function dropPerson(list: readonly Contact[], userId: number): Contact[] {
  return list.filter((c) => !(c.is_group === ContactKind.person && Number(c.id) === userId));
}
