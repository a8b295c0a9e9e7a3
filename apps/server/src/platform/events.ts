import type { SocketEventMap, SocketEventType } from '@parley/protocol';
import type { Clock } from './clock';
import type { Database } from './db/index';
import type { BusMessage, EventBus, Recipients } from './bus/index';
import type { JsonOf } from './json-variants';

/**
 * How services push (PROTOCOL §11.4): call these from `onCommit` only, so an event never
 * describes a row that was rolled back. The frame is encoded once for all its recipients.
 * Payloads are typed by the protocol's SocketEventMap.
 * `afterDurable` (Database.afterDurable) holds a frame until every commit it may have read is on
 * disk; the pushes keep their order.
 */
export function createEvents(bus: EventBus, clock: Clock, afterDurable: Database['afterDurable']) {
  // Every frame's `time`: the server's clock in whole seconds.
  const seconds = () => Math.floor(clock.now() / 1000);
  const frame = (type: SocketEventType, data: unknown) => JSON.stringify({ type, time: seconds(), data });
  const send = (m: BusMessage) =>
    new Promise<void>((resolve, reject) => afterDurable(() => void bus.publish(m).then(resolve, reject)));
  return {
    frame,
    publish<T extends SocketEventType>(to: Recipients, type: T, data: SocketEventMap[T]): Promise<void> {
      return send({ kind: 'deliver', to, frame: frame(type, data) });
    },
    toUsers<T extends SocketEventType>(userIds: number[], type: T, data: SocketEventMap[T]): Promise<void> {
      if (userIds.length === 0) return Promise.resolve();
      return send({ kind: 'deliver', to: { users: distinct(userIds) }, frame: frame(type, data) });
    },
    /** As `toUsers`, with the payload already serialised (json-variants.ts). */
    toUsersJson<T extends SocketEventType>(userIds: number[], type: T, data: JsonOf<SocketEventMap[T]>): Promise<void> {
      if (userIds.length === 0) return Promise.resolve();
      // The same envelope as `frame`, around a payload that is JSON already.
      const text = `{"type":${JSON.stringify(type)},"time":${seconds()},"data":${data}}`;
      return send({ kind: 'deliver', to: { users: distinct(userIds) }, frame: text });
    },
    closeSessions(
      jtis: string[],
      code: number,
      first?: { type: 'offline'; data: SocketEventMap['offline'] },
      delayMs?: number,
    ) {
      return send({
        kind: 'closeSessions',
        jtis,
        code,
        ...(first ? { frame: frame(first.type, first.data) } : {}),
        ...(delayMs ? { delayMs } : {}),
      });
    },
    closeUsers(userIds: number[], code: number) {
      return send({ kind: 'closeUsers', userIds, code });
    },
  };
}
export type Events = ReturnType<typeof createEvents>;

const distinct = (userIds: number[]): number[] =>
  userIds.length === 1 ? [userIds[0] as number] : [...new Set(userIds)];
