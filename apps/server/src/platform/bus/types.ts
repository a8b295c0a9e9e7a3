/**
 * Fan-out seam (ARCHITECTURE §5): the same interfaces in-process (one node) and on Redis (many
 * nodes). A service publishes after commit; every node's socket gateway receives every bus
 * message and delivers to the connections it holds. Frames travel pre-encoded, so an event is
 * serialised once however many recipients it has.
 */

/** Who receives a frame: users (all their live bound connections), everyone bound, or sockets. */
export interface Recipients {
  users?: number[];
  clients?: string[];
  /** Every bound connection on every node. */
  allBound?: boolean;
  /** Every connection, bound or not (updateConfig). */
  everyone?: boolean;
  /** A connection that must not receive this copy (e.g. the one that caused it). */
  exceptClient?: string;
  /** A user whose connections must not receive it (with `allBound`: "everyone but me"). */
  exceptUser?: number;
}

export type BusMessage =
  | { kind: 'deliver'; to: Recipients; frame: string }
  /**
   * Close the sockets bound with these sessions: optionally send `frame` first, then close with
   * `code` after `delayMs` (forced offline sends `offline` and closes ~1 s later, §11.3).
   */
  | { kind: 'closeSessions'; jtis: string[]; code: number; frame?: string; delayMs?: number }
  /** Close every socket of these users (account disabled, deleted). */
  | { kind: 'closeUsers'; userIds: number[]; code: number }
  /**
   * HTTP bindUid / bindGroup on one node for a connection held by another (client ids name
   * their node). `probe` only asks whether the connection is bound to `session.userId`.
   */
  | {
      kind: 'bindRequest';
      requestId: string;
      clientId: string;
      session: { userId: number; jti: string; terminal: 'web' | 'mobile' };
      cid?: string;
      probe?: boolean;
    }
  | { kind: 'bindReply'; requestId: string; result: 'ok' | 'unknown' | 'otherUser' | 'tooMany' }
  /**
   * After a Redis outage (redis-bus.ts): connections of these users (or every bound one) that
   * were bound at least `agoMs` before `receivedAt` may have missed pushes, and are closed with
   * `CloseCode.refetch` so their client reconnects and re-reads (PROTOCOL §11.5). `receivedAt`
   * (performance.now of the receiving node) is set on arrival, never sent.
   */
  | { kind: 'refetch'; users?: number[]; clients?: string[]; all?: boolean; agoMs: number; receivedAt?: number }
  /**
   * Rows that nodes cache changed on the publishing node: every node forgets these keys of the
   * cache named (modules/push/absence-cache.ts). The sockets take no part.
   */
  | { kind: 'cacheDrop'; cache: string; keys: number[] };

export interface EventBus {
  /**
   * Resolves once the message is on its way to every node: at once, except a `closeSessions`
   * on Redis, which resolves once every node that received it has run its handlers (or Redis
   * refused it, or a node stayed silent for a second: acks.ts), so a revoking request answers
   * only after every listening node has dropped the session (modules/auth/session-cache.ts).
   */
  publish(message: BusMessage): Promise<void>;
  /** Returns an unsubscribe function. Handlers run on every node, the publisher's included. */
  subscribe(handler: (message: BusMessage) => void): () => void;
  /**
   * Calls `listener` with whether this node hears every publication now: at once, then on each
   * change. In process always; on Redis not while its subscription is broken (an outage: what is
   * published meanwhile never arrives here). Returns an unsubscribe function.
   */
  onListening(listener: (listening: boolean) => void): () => void;
  close(): Promise<void>;
}

/** Result of adding or removing a connection: did the user just come online / go offline? */
export interface PresenceChange {
  /** Live connections of the user across all nodes after the change. */
  count: number;
  changed: boolean;
}

/**
 * Live bound connections per user across nodes. A node that dies without cleaning up must not
 * leave its users online: the Redis registry keeps a liveness key per node and sweeps the
 * entries of nodes whose key expired, reporting the users that went offline.
 */
export interface PresenceRegistry {
  readonly nodeId: string;
  add(userId: number, clientId: string): Promise<PresenceChange>;
  remove(userId: number, clientId: string): Promise<PresenceChange>;
  count(userId: number): Promise<number>;
  /** The subset of `userIds` with at least one live connection. */
  online(userIds: number[]): Promise<Set<number>>;
  /**
   * Whether the user has a live connection on this node: known here without asking anyone, so
   * the hot path (a message's Web Push check) can skip the shared registry and the database for
   * the usual recipient, who is connected.
   */
  connectedHere(userId: number): boolean;
  /** Users online and their live bound connections, across all nodes (admin dashboard). */
  totals(): Promise<{ users: number; connections: number }>;
  /** Called with users left with no connection after a dead node's entries were swept. */
  onSweptOffline(handler: (userIds: number[]) => void): void;
  /**
   * Called with users of this node that another node announced offline while this one could not
   * reach Redis (it swept this node as dead); they are online again now that it can.
   */
  onRestoredOnline(handler: (userIds: number[]) => void): void;
  close(): Promise<void>;
}
