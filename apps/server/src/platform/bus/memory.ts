import { randomBytes } from 'node:crypto';
import type { BusMessage, EventBus, PresenceChange, PresenceRegistry } from './types';

const DONE = Promise.resolve();

/** One node: the bus is a synchronous in-process fan-out (delivered on a microtask). */
export class MemoryBus implements EventBus {
  private handlers = new Set<(m: BusMessage) => void>();

  publish(message: BusMessage): Promise<void> {
    // (Only queued here: a handler added or removed meanwhile cannot disturb this loop.)
    for (const h of this.handlers) queueMicrotask(() => h(message));
    return DONE;
  }

  subscribe(handler: (m: BusMessage) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** Every publication is made in this process: always heard. */
  onListening(listener: (listening: boolean) => void): () => void {
    listener(true);
    return () => undefined;
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }
}

export class MemoryPresence implements PresenceRegistry {
  readonly nodeId = `n${randomBytes(4).toString('hex')}`;
  private byUser = new Map<number, Set<string>>();

  async add(userId: number, clientId: string): Promise<PresenceChange> {
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    const before = set.size;
    set.add(clientId);
    return { count: set.size, changed: before === 0 && set.size === 1 };
  }

  async remove(userId: number, clientId: string): Promise<PresenceChange> {
    const set = this.byUser.get(userId);
    if (!set || !set.delete(clientId)) return { count: set?.size ?? 0, changed: false };
    if (set.size === 0) this.byUser.delete(userId);
    return { count: set.size, changed: set.size === 0 };
  }

  async count(userId: number): Promise<number> {
    return this.byUser.get(userId)?.size ?? 0;
  }

  async online(userIds: number[]): Promise<Set<number>> {
    return new Set(userIds.filter((id) => this.connectedHere(id)));
  }

  connectedHere(userId: number): boolean {
    return (this.byUser.get(userId)?.size ?? 0) > 0;
  }

  async totals(): Promise<{ users: number; connections: number }> {
    let connections = 0;
    for (const set of this.byUser.values()) connections += set.size;
    return { users: this.byUser.size, connections };
  }

  onSweptOffline(): void {
    // A single process has no other node whose death could strand entries.
  }

  onRestoredOnline(): void {
    // Nor a shared registry to be cut off from.
  }

  async close(): Promise<void> {
    this.byUser.clear();
  }
}
