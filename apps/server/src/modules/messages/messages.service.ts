import { createReader, type ReadDeps } from './read.service';
import { createSender, type SendDeps } from './send.service';

/** Sending and reading share their dependencies; one object for app.ts and tests. */
export function createMessages(deps: SendDeps & ReadDeps) {
  return { ...createSender(deps), ...createReader(deps) };
}
export type Messages = ReturnType<typeof createMessages>;
