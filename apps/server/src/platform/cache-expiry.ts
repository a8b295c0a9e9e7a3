/**
 * When a cached row must be read again: at most `ms` after `now`, spread over the lifetime's last
 * quarter. Rows cached together (every session and user of a node that just started, or of a
 * reconnect storm) then do not all expire in the same second and queue behind one another's
 * reads: on PostgreSQL that wave was a p99 of 1.2 s, five seconds into a load of 2,000 msg/s
 * (issue 41, docs/performance.md).
 */
export function expiryFrom(now: number, ms: number, random: () => number = Math.random): number {
  return now + ms - Math.floor(random() * (ms / 4));
}
