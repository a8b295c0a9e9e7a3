/** How many parts the heartbeat period is cut into: one is visited per `heartbeatMs / HEARTBEAT_SLOTS`. */
export const HEARTBEAT_SLOTS = 25;

/**
 * The server's heartbeat (PROTOCOL §11.1: a ping every 25 s, a close after 75 s of silence) spread
 * over its period. Visiting every connection in one turn stalled the event loop once a period for
 * all of them: everything else a node does waited behind a thousand pings, and a node limited to
 * part of a core (an orchestrator's CPU limit) was held for many times longer (issue 41). Items
 * are dealt to the slots in turn, so even connections opened together (a reconnect storm) are
 * visited a slot at a time, and each is visited once a period. The first item goes to the slot
 * just visited, so a lone connection is first visited a whole period after it opened.
 */
export class HeartbeatSlots<T> {
  private readonly slots: Array<Set<T>> = Array.from({ length: HEARTBEAT_SLOTS }, () => new Set<T>());
  private turn = 0;
  private dealt = 0;

  add(item: T): void {
    (this.slots[(this.turn + this.dealt++) % HEARTBEAT_SLOTS] as Set<T>).add(item);
  }

  /** A connection that closed: not kept until its slot comes round (a reconnect storm would hold thousands). */
  remove(item: T): void {
    for (const slot of this.slots) if (slot.delete(item)) return;
  }

  /** Moves to the next slot and returns its items. */
  advance(): ReadonlySet<T> {
    this.turn = (this.turn + 1) % HEARTBEAT_SLOTS;
    return this.slots[this.turn] as Set<T>;
  }
}
