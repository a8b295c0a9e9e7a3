import type { BusMessage } from './types';

/** Beyond this many users one refetch for everyone is cheaper than the list. */
const MAX_USERS = 10_000;

/**
 * What a node could not publish while Redis was away, kept until it answers again:
 * - pushes (`deliver`) are not replayed — by then they may be stale and out of order — but their
 *   recipients are asked to refetch (PROTOCOL §11.5), which shows them the stored state;
 * - session and user closes are replayed: a revoked session's socket must still close; so are
 *   cache drops, or another node would go on believing what changed;
 * - bind requests and replies are dropped: their HTTP caller has had its answer by then.
 * `agoMs` tells the receivers how long ago the last failure was, so they ask only connections
 * bound before it (one bound later refetched when it bound) — a duration, not a timestamp, so
 * the nodes' clocks need not agree.
 */
export class MissedPublishes {
  private users = new Set<number>();
  private clients = new Set<string>();
  private all = false;
  private lastFailAt = 0;
  private replay: BusMessage[] = [];

  add(m: BusMessage): void {
    const now = performance.now();
    switch (m.kind) {
      case 'deliver':
        this.lastFailAt = now;
        this.note(m.to.users, m.to.clients, Boolean(m.to.everyone || m.to.allBound));
        return;
      case 'refetch':
        this.lastFailAt = Math.max(this.lastFailAt, now - m.agoMs);
        this.note(m.users, m.clients, Boolean(m.all));
        return;
      case 'closeSessions':
      case 'closeUsers':
      case 'cacheDrop':
        this.replay.push(m);
        return;
      case 'bindRequest':
      case 'bindReply':
        return;
      default: {
        const never: never = m;
        return never;
      }
    }
  }

  private note(users: number[] | undefined, clients: string[] | undefined, all: boolean): void {
    if (all) this.all = true;
    if (this.all) return;
    for (const u of users ?? []) this.users.add(u);
    for (const c of clients ?? []) this.clients.add(c);
    if (this.users.size > MAX_USERS) this.all = true;
  }

  /** The publications that make good what failed, and forget it (a failure re-adds them). */
  take(): BusMessage[] {
    const out = this.replay;
    this.replay = [];
    if (this.all || this.users.size > 0 || this.clients.size > 0) {
      out.push({
        kind: 'refetch',
        agoMs: Math.max(0, Math.round(performance.now() - this.lastFailAt)),
        ...(this.all ? { all: true } : { users: [...this.users], clients: [...this.clients] }),
      });
    }
    this.users.clear();
    this.clients.clear();
    this.all = false;
    return out;
  }
}
