import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * What the node counts anyway, read when Prometheus scrapes (PROTOCOL §20). The send path only
 * bumps plain numbers (a message stored, a push written to a socket, a commit batch); nothing
 * here runs per message, so the metrics cost the hot path one integer increment each.
 */
export interface MetricSources {
  sockets(): { open: number; bound: number };
  messagesStored(): number;
  pushesSent(): number;
  commits(): { batches: number; units: number; seconds: number };
  publishFailures(): number;
}

export interface Metrics {
  registry: Registry;
  /** One answered HTTP request: its route label, status code and time in seconds. */
  observeHttp(route: string, status: number, seconds: number): void;
  /** The exposition text (the process and event-loop collectors start now unless they did). */
  text(): Promise<string>;
}

/** A counter that mirrors an ever-growing number kept elsewhere. */
function mirroredCounter(registry: Registry, name: string, help: string, read: () => number): void {
  let last = 0;
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      const now = read();
      if (now > last) this.inc(now - last);
      last = now;
    },
  });
}

// Latency buckets in seconds: most API calls take a few ms; clients give up after 10 s (§1.1).
const HTTP_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * `processFromStart`: the process and event-loop collectors start at once (a server process);
 * else with the first scrape, as every app a test builds would otherwise sample its event loop
 * for the rest of the test run.
 */
export function createMetrics(sources: MetricSources, processFromStart = false): Metrics {
  const registry = new Registry();
  const http = new Histogram({
    name: 'parley_http_request_duration_seconds',
    help: 'HTTP requests by route and status code, and how long they took',
    labelNames: ['route', 'code'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'parley_sockets_open',
    help: 'WebSocket connections held by this node',
    registers: [registry],
    collect() {
      this.set(sources.sockets().open);
    },
  });
  new Gauge({
    name: 'parley_sockets_bound',
    help: 'WebSocket connections of this node bound to a signed-in user',
    registers: [registry],
    collect() {
      this.set(sources.sockets().bound);
    },
  });
  mirroredCounter(registry, 'parley_messages_stored_total', 'Messages stored by this node', sources.messagesStored);
  mirroredCounter(registry, 'parley_pushes_sent_total', 'Push frames written to sockets', sources.pushesSent);
  mirroredCounter(
    registry,
    'parley_db_commit_batches_total',
    'Database commits of write transactions (on SQLite one group commit holds many)',
    () => sources.commits().batches,
  );
  mirroredCounter(
    registry,
    'parley_db_commit_units_total',
    'Write transactions in those commits',
    () => sources.commits().units,
  );
  mirroredCounter(
    registry,
    'parley_db_commit_seconds_total',
    'Time spent running and committing those batches',
    () => sources.commits().seconds,
  );
  mirroredCounter(
    registry,
    'parley_redis_publish_failures_total',
    'Bus messages Redis refused or could not take (cross-node pushes lost)',
    sources.publishFailures,
  );

  // Children by route and code: a label lookup hashes its values; the children are kept instead.
  const children = new Map<string, Map<number, { observe(v: number): void }>>();
  let processCollectors = processFromStart;
  if (processFromStart) collectDefaultMetrics({ register: registry });
  return {
    registry,
    observeHttp(route, status, seconds) {
      let byCode = children.get(route);
      if (!byCode) children.set(route, (byCode = new Map()));
      let child = byCode.get(status);
      if (!child) byCode.set(status, (child = http.labels(route, String(status))));
      child.observe(seconds);
    },
    async text() {
      if (!processCollectors) {
        processCollectors = true;
        collectDefaultMetrics({ register: registry });
      }
      return registry.metrics();
    },
  };
}
