import { useContacts } from '../../state/conversations/api';
import { useSystemUnread } from '../../state/system-unread';

/**
 * The "New friends" badge: pending requests to me (getContacts `count`) — or, until the list is
 * read again after a push, the pushes counted since (the larger, so nothing is counted twice).
 */
export function useFriendBadge(): number {
  const pending = useContacts().data?.pendingFriends ?? 0;
  const pushed = useSystemUnread((s) => s.count);
  return Math.max(pending, pushed);
}
