import type { EventBus } from '../bus/index';

/**
 * Counts the bus's failed publishes (Redis down or refusing) for `/metrics`; returns the reader.
 * The bus's own `publish` is wrapped in place rather than the bus wrapped in another object, so
 * whatever else a bus offers (RedisBus's `whenReady`, its reconnect handling) stays as it is.
 */
export function countPublishFailures(bus: EventBus): () => number {
  let failures = 0;
  // One function for every publish: a failure costs a count, a success only the catch's promise.
  const count = () => {
    failures++;
  };
  const publish = bus.publish.bind(bus);
  bus.publish = (message) => {
    const sent = publish(message);
    sent.catch(count);
    return sent;
  };
  return () => failures;
}
