import type { AdminDashboard, StatisticsEvent } from '@parley/protocol';
import type { Clock } from '../../platform/clock';
import type { Events } from '../../platform/events';
import type { PresenceRegistry } from '../../platform/bus/index';
import type { Timers } from '../../platform/timers';

/** How often `statistics` may go out, and how long a dashboard stays registered without reopening. */
const PUSH_EVERY_MS = 5_000;
const REGISTRATION_MS = 2 * 3_600_000;

export interface DashboardDeps {
  clock: Clock;
  timers: Timers;
  events: Events;
  presence: PresenceRegistry;
  counts: {
    users(): Promise<number>;
    groups(): Promise<number>;
    messages(): Promise<number>;
    files(): Promise<number>;
  };
}

/**
 * `index/index` (§12.3) and the `statistics` push (§11.4): connections that opened the dashboard
 * on this node's HTTP side are remembered here; every 5 s, when the online counts moved, they
 * get one `statistics` frame (delivered by whichever node holds each socket).
 */
export function createDashboard(deps: DashboardDeps) {
  const { clock, events, presence } = deps;
  const watchers = new Map<string, number>();
  let last = '';

  async function tick(): Promise<void> {
    const now = clock.now();
    for (const [id, at] of watchers) if (now - at > REGISTRATION_MS) watchers.delete(id);
    if (watchers.size === 0) return;
    const t = await presence.totals();
    const data: StatisticsEvent = { onlineCount: t.users, clientCount: t.connections };
    const key = JSON.stringify(data);
    if (key === last) return;
    last = key;
    await events.publish({ clients: [...watchers.keys()] }, 'statistics', data);
  }

  const stop = deps.timers.every(PUSH_EVERY_MS, () => void tick().catch(() => undefined));

  return {
    async index(clientId: string | undefined): Promise<AdminDashboard> {
      const [userCount, groupCount, messageCount, fileCount, t] = await Promise.all([
        deps.counts.users(),
        deps.counts.groups(),
        deps.counts.messages(),
        deps.counts.files(),
        presence.totals(),
      ]);
      if (clientId) {
        watchers.set(clientId, clock.now());
        // The page already shows these; only a later change is worth a push.
        last = JSON.stringify({ onlineCount: t.users, clientCount: t.connections });
      }
      return { userCount, groupCount, messageCount, fileCount, onlineCount: t.users, clientCount: t.connections };
    },
    /** Runs one round now (tests; the timer does it every 5 s). */
    tick,
    stop,
  };
}
export type Dashboard = ReturnType<typeof createDashboard>;
