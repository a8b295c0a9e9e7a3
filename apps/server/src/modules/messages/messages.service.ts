import { createMessageAdmin } from './admin.service';
import { createDeletion } from './delete.service';
import { createForwarding } from './forward.service';
import { createReader, type ReadDeps } from './read.service';
import { createSender, type SendDeps } from './send.service';
import { createUndo } from './undo.service';

/** Sending, reading and the §4.6 actions share their dependencies; one object for app.ts and tests. */
export function createMessages(deps: SendDeps & ReadDeps) {
  const sender = createSender(deps);
  const reader = createReader(deps);
  return {
    ...sender,
    ...reader,
    ...createUndo(deps, reader.visibleRow),
    ...createDeletion(deps, reader.visibleRow),
    ...createForwarding(deps, reader.visibleRow, sender.send),
    admin: createMessageAdmin(deps),
  };
}
export type Messages = ReturnType<typeof createMessages>;
