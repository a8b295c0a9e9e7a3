import type { FastifyBaseLogger } from 'fastify';
import type { RedisHealth } from './health';

/**
 * One warning when the node loses Redis and one line when it has it back, whatever the number of
 * connections and reconnection attempts (each retry used to print an unhandled error event).
 */
export function logRedisOutages(health: RedisHealth, log: FastifyBaseLogger): () => void {
  return health.onChange((c) => {
    if (c.up) log.warn({ downForMs: c.downForMs }, 'Redis reachable again; cross-node pushes resumed');
    else log.warn({ err: c.error }, "Redis unreachable: sending and this node's pushes go on, cross-node pushes wait");
  });
}
