import { createMessageAdmin } from './admin.service';
import { createDeletion } from './delete.service';
import { createForwarding } from './forward.service';
import { createReader, type ReadDeps } from './read.service';
import { createSender, type SendDeps } from './send.service';
import { createUndo } from './undo.service';
import { createReadLists } from './read-list.service';
import { createGroupReadPushes, type GroupReadPushDeps } from './group-read-push';

/** Sending, reading and the §4.6 actions share their dependencies; one object for app.ts and tests. */
export function createMessages(deps: SendDeps & ReadDeps & Pick<GroupReadPushDeps, 'timers' | 'counters'>) {
  const readLists = createReadLists(deps);
  const readPushes = createGroupReadPushes({ ...deps, readLists });
  const sender = createSender(deps);
  const reader = createReader(deps, readLists, readPushes);
  return {
    ...sender,
    ...reader,
    /** §17 readList. */
    readList: readLists.list,
    /** §17 counts of rows I sent (the console's announcement list). */
    readCountsFor: readLists.countsFor,
    ...createUndo(deps, reader.visibleRow),
    ...createDeletion(deps, reader.visibleRow),
    ...createForwarding(deps, reader.visibleRow, sender.send),
    admin: createMessageAdmin(deps, readLists.countsFor),
  };
}
export type Messages = ReturnType<typeof createMessages>;
