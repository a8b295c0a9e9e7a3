import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { failFastClient, subscriberClient } from '../redis/client';
import { RedisHealth } from '../redis/health';
import type { BusMessage, EventBus } from './types';
import { Acknowledgements } from './acks';
import { MissedPublishes } from './missed';
import { presenceSettleMs } from './redis-presence';

const DONE = Promise.resolve();

export interface RedisBusOptions {
  /** Shared by all of a node's Redis pieces (one outage report, readiness). */
  health?: RedisHealth;
  /** How long a revocation waits for a node that does not acknowledge it (acks.ts). */
  ackTimeoutMs?: number;
}

/**
 * Several nodes: one pub/sub channel that every node subscribes to.
 *
 * A Redis outage must not stop a node (PROTOCOL §20): a publication is delivered to this node's
 * own sockets at once, in process, and sent to Redis without waiting for it, so a send never
 * waits on Redis and local pushes go on while it is away. Each copy names its node (`from`), so
 * the node skips its own copy coming back. What the outage cost is made good afterwards by the
 * clients' own refetch (PROTOCOL §11.5), asked for with a `refetch` close (1012):
 * - publications that failed here are remembered (missed.ts) and, once Redis answers again,
 *   one `refetch` names their recipients to the other nodes;
 * - a node whose subscription was broken cannot know what it missed, so when it is live again
 *   every connection it held bound meanwhile is asked to refetch.
 * Both refetches wait until presence has settled (`later`).
 * A revocation is the exception: its request answers only once every node acted on it (acks.ts).
 */
export class RedisBus implements EventBus {
  readonly health: RedisHealth;
  private handlers = new Set<(m: BusMessage) => void>();
  private readonly channel: string;
  /** Where the nodes acknowledge a revocation to its publisher: `${ackPrefix}${publisher id}`. */
  private readonly ackPrefix: string;
  private readonly ackChannel: string;
  private readonly acks: Acknowledgements;
  private readonly pub: Redis;
  private readonly sub: Redis;
  /** Names this node's copies, so its own subscription skips them. */
  private readonly id = randomBytes(6).toString('hex');
  /** How every publication of this node begins (flushOutbox), so its own copies are known unparsed. */
  private readonly ownHead = `{"from":"${this.id}",`;
  private readonly missed = new MissedPublishes();
  /** Publications of this turn not yet sent (flushOutbox). */
  private outbox: BusMessage[] = [];
  /** Settles once Redis has answered the PUBLISH of the outbox being filled (taken or refused). */
  private outboxSent = DONE;
  private subscribedOnce = false;
  /** Whether the subscription is live: publications of other nodes reach this one. */
  private listening = false;
  private listeningListeners = new Set<(listening: boolean) => void>();
  private ready: Promise<void>;
  private closed = false;

  constructor(url: string, prefix = 'parley:', opts: RedisBusOptions = {}) {
    this.health = opts.health ?? new RedisHealth();
    this.channel = `${prefix}events`;
    this.ackPrefix = `${prefix}ack:`;
    this.ackChannel = `${this.ackPrefix}${this.id}`;
    this.acks = new Acknowledgements(opts.ackTimeoutMs);
    this.pub = failFastClient(url, this.health, 'bus', 5000);
    // Pub/sub needs a connection of its own.
    this.sub = subscriberClient(url, this.health, 'bus-subscriber');
    this.sub.on('message', (channel: string, text: string) =>
      channel === this.ackChannel ? this.acks.heard(text) : this.onText(text),
    );
    this.sub.on('close', () => this.setListening(false));
    this.pub.on('ready', () => void this.catchUp());
    let subscribed: () => void = () => undefined;
    const subscribedFirst = new Promise<void>((resolve) => (subscribed = resolve));
    const pubReady = new Promise<void>((resolve) => this.pub.once('ready', () => resolve()));
    this.ready = Promise.all([subscribedFirst, pubReady]).then(() => undefined);
    this.sub.on('ready', () => {
      this.sub.subscribe(this.channel, this.ackChannel).then(
        () => {
          if (this.subscribedOnce) this.afterGap();
          this.subscribedOnce = true;
          this.setListening(true);
          subscribed();
        },
        () => undefined,
      ); // a failed subscribe: the connection drops and `ready` comes again
    });
  }

  /** Resolves once this node's subscription is live, so nothing published after is missed. */
  async whenReady(): Promise<void> {
    await this.ready;
  }

  publish(message: BusMessage): Promise<void> {
    this.deliverHere(message);
    const sent = this.send(message);
    // A revocation waits until every node acknowledged it (types.ts): the other nodes have dropped
    // the session from their cache before the revoking request answers. Nothing else waits.
    return message.kind === 'closeSessions' ? sent : DONE;
  }

  subscribe(handler: (m: BusMessage) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  onListening(listener: (listening: boolean) => void): () => void {
    this.listeningListeners.add(listener);
    listener(this.listening);
    return () => this.listeningListeners.delete(listener);
  }

  async close(): Promise<void> {
    void this.flushOutbox(); // what this turn published still goes out
    this.closed = true;
    this.setListening(false);
    this.handlers.clear();
    this.listeningListeners.clear();
    this.health.closingDown();
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
    this.acks.settleAll();
  }

  private deliverHere(message: BusMessage): void {
    // As the in-process bus: queued, so a handler added or removed meanwhile cannot disturb this.
    for (const h of this.handlers) queueMicrotask(() => h(message));
  }

  /**
   * To the other nodes, not awaited: Redis keeps one connection's commands in order anyway. The
   * publications of one event-loop turn (a group commit's pushes: two per one-to-one send) go as
   * one PUBLISH, in order (issue 41: a command per push was most of Redis's work per message).
   */
  private send(message: BusMessage): Promise<void> {
    this.outbox.push(message);
    if (this.outbox.length === 1)
      this.outboxSent = new Promise((resolve) => setImmediate(() => void this.flushOutbox().then(resolve)));
    return this.outboxSent;
  }

  private flushOutbox(): Promise<void> {
    const messages = this.outbox;
    this.outbox = [];
    if (messages.length === 0) return DONE;
    const ack = messages.some((m) => m.kind === 'closeSessions') ? this.acks.issue() : undefined;
    // `from` spliced in rather than spread: no copy of the message per publication.
    const head = ack ? `${this.ownHead}"ack":"${ack.token}",` : this.ownHead;
    const text =
      messages.length === 1
        ? `${head}${JSON.stringify(messages[0]).slice(1)}`
        : `${head}"kind":"batch","messages":${JSON.stringify(messages)}}`;
    const sent = this.pub.publish(this.channel, text).then(
      (receivers) => {
        if (ack) this.acks.published(ack.token, receivers);
      },
      () => {
        if (ack) this.acks.published(ack.token, 0);
        if (this.closed) return;
        this.health.publishFailures += messages.length;
        for (const m of messages) this.missed.add(m);
      },
    );
    return ack ? sent.then(() => ack.settled) : sent;
  }

  private setListening(listening: boolean): void {
    if (listening === this.listening) return;
    this.listening = listening;
    for (const l of [...this.listeningListeners]) l(listening);
  }

  private onText(text: string): void {
    if (text.startsWith(this.ownHead)) {
      // Delivered here already, when it was published; only a revocation's acknowledgement is left.
      // Known by its head, unparsed: a node read back every publication of its own in full just to
      // find this (issue 41).
      const ack = this.ownHead.length + '"ack":"'.length;
      if (text.startsWith('"ack":"', this.ownHead.length)) this.acks.heard(text.slice(ack, text.indexOf('"', ack)));
      return;
    }
    let parsed: (BusMessage | { kind: 'batch'; messages: BusMessage[] }) & { from?: string; ack?: string };
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      return;
    }
    for (const one of parsed.kind === 'batch' ? parsed.messages : [parsed]) {
      const message = one.kind === 'refetch' ? { ...one, receivedAt: performance.now() } : one;
      for (const h of [...this.handlers]) h(message);
    }
    // The handlers ran (a revoked session left this node's cache): the publisher may answer.
    if (parsed.ack) this.pub.publish(`${this.ackPrefix}${parsed.from}`, parsed.ack).catch(() => undefined);
  }

  /**
   * Redis takes publications again: replay the closes and cache drops at once, and tell the other
   * nodes whom the failed pushes were for once presence has settled (`later`).
   */
  private catchUp(): void {
    for (const m of this.missed.take()) {
      if (m.kind !== 'refetch') void this.send(m);
      else {
        const takenAt = performance.now();
        // Still "since the last failure" when it leaves, so later binds are spared as before.
        this.later(() => void this.send({ ...m, agoMs: m.agoMs + Math.round(performance.now() - takenAt) }));
      }
    }
  }

  /** The subscription was broken and is live again: everything bound here may have missed pushes. */
  private afterGap(): void {
    if (this.closed) return;
    // Connections bound from now on read after the gap: only those bound before it are asked.
    const receivedAt = performance.now();
    this.later(() => this.deliverHere({ kind: 'refetch', all: true, agoMs: 0, receivedAt }));
  }

  /**
   * Refetches after an outage wait until every node has written its connections into Redis again
   * (`presenceSettleMs`): a client asked at once re-read its contacts' presence before that, saw
   * colleagues held by other nodes offline, and kept them so until their next change. Missed
   * messages arrive that much later, after an outage that lasted longer anyway.
   */
  private later(fn: () => void): void {
    const t = setTimeout(() => {
      if (!this.closed) fn();
    }, presenceSettleMs);
    t.unref();
  }
}
