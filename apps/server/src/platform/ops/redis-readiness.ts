import { Redis } from 'ioredis';
import type { ReadinessCheck } from './health';

/**
 * `/readyz`'s Redis check: a PING on a connection of its own that never queues commands while
 * disconnected, so a Redis that is down fails the check at once instead of after retries. (The
 * bus's connections retry for ever by design; asking them would hang until the timeout.)
 */
export function redisReadiness(url: string): ReadinessCheck & { close(): Promise<void> } {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 0, lazyConnect: false });
  // Reconnection is ioredis's business; an outage is reported by the check, not as an unhandled error.
  redis.on('error', () => undefined);
  return {
    name: 'redis',
    check: () => redis.ping(),
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
