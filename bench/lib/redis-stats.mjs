/**
 * Redis commands per message (issue 41: a group message must cost one PUBLISH per node holding
 * recipients, not one per recipient). Reads `INFO commandstats` at a window's ends. The counts are
 * the whole Redis server's, so anything else using it meanwhile is counted too: read them on a quiet
 * machine, as the bench's other figures.
 */
import { REDIS_URL } from './server.mjs';

/** `INFO commandstats` text → calls per command (lower-case names). */
export function parseCommandStats(text) {
  const calls = {};
  for (const line of text.split('\n')) {
    const m = /^cmdstat_([^:]+):calls=(\d+)/.exec(line.trim());
    if (m) calls[m[1]] = Number(m[2]);
  }
  return calls;
}

/**
 * Calls per message between two readings: PUBLISH, every command together, and each command
 * (`byCommand`, the busiest first; what a second node adds shows there).
 */
export function perMessage(before, after, messages) {
  // INFO itself is one of the commands counted between the readings.
  const diff = (k) => (after[k] ?? 0) - (before[k] ?? 0) - (k === 'info' ? 1 : 0);
  const all = Object.keys(after).reduce((sum, k) => sum + diff(k), 0);
  const per = (n) => Math.round((n / Math.max(1, messages)) * 100) / 100;
  const byCommand = Object.fromEntries(
    Object.keys(after)
      .map((k) => [k, per(diff(k))])
      .filter(([, n]) => n > 0)
      .sort((x, y) => y[1] - x[1]),
  );
  return { publish: per(diff('publish')), commands: per(all), byCommand };
}

export async function readCommandStats() {
  const { Redis } = await import('ioredis');
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await r.connect();
    return parseCommandStats(await r.info('commandstats'));
  } finally {
    r.disconnect();
  }
}
