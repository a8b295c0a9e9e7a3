import type { Events } from '../../platform/events';
import type { Push } from './push.service';

/**
 * Every message event (`simple`, `group`) also reaches the recipients who are not connected, by
 * Web Push: services keep publishing as before. Who is connected is read as the event is
 * published (not later, when a socket may have closed meanwhile); the push itself never holds
 * up the reply.
 */
export function withPush(events: Events, push: Pick<Push, 'afterEvent'>): Events {
  return {
    ...events,
    toUsers(userIds, type, data) {
      if (type === 'simple' || type === 'group') void push.afterEvent(userIds, type, data);
      return events.toUsers(userIds, type, data);
    },
    toUsersJson(userIds, type, data) {
      if (type === 'simple' || type === 'group') void push.afterEvent(userIds, type, data, true);
      return events.toUsersJson(userIds, type, data);
    },
  };
}
