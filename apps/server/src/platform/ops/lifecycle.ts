/**
 * Whether this node has begun to stop (PROTOCOL §20). Set once by the shutdown (shutdown.ts) and
 * read by `/readyz` and by every request (drain.ts): a plain field, so the read costs nothing.
 */
export interface Lifecycle {
  readonly draining: boolean;
  beginDrain(): void;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    beginDrain() {
      draining = true;
    },
  };
}
