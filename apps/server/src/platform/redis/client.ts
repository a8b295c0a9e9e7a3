import { Redis } from 'ioredis';
import type { RedisHealth } from './health';

/**
 * Redis connections that never hold the caller during an outage. Commands fail at once while
 * the connection is down (no offline queue), in-flight ones fail when it drops (no retry, no
 * resend), and a Redis that accepts but does not answer fails them after `commandTimeoutMs`:
 * every user of these clients has a local way on (the bus delivers here, presence and the
 * counters answer from this node) and catches up when the connection is back. Reconnects are
 * tried every second at most, so a returning Redis is used again within a second.
 */
export const redisRetry = (attempt: number): number => Math.min(attempt * 100, 1000);

export function failFastClient(url: string, health: RedisHealth, name: string, commandTimeoutMs = 2000): Redis {
  const client = new Redis(url, {
    // Commands given while the first connection is being made wait for it (a node starting
    // writes presence at once); from the first `ready` on, none waits for a lost connection.
    enableOfflineQueue: true,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    commandTimeout: commandTimeoutMs,
    retryStrategy: redisRetry,
    // The commands of one event-loop turn leave in one write (a group commit's sends each hit the
    // abuse guard's counter): a write and a read less per command on both sides (issue 41).
    enableAutoPipelining: true,
  });
  client.once('ready', () => {
    client.options.enableOfflineQueue = false; // read by ioredis at each command
  });
  health.watch(client, name, { probe: true });
  return client;
}

/**
 * The bus's subscriber: it subscribes itself on every `ready` (not ioredis's automatic
 * resubscription), so the bus knows the moment its subscription is live again.
 */
export function subscriberClient(url: string, health: RedisHealth, name: string): Redis {
  const client = new Redis(url, { autoResubscribe: false, maxRetriesPerRequest: null, retryStrategy: redisRetry });
  health.watch(client, name);
  return client;
}
