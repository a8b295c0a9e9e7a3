import { ContactKind } from '@parley/protocol';
import { withTx } from '../../platform/db/index';
import { AppError } from '../../platform/http/errors';
import type { UserRow } from '../users/index';
import * as actionsRepo from './actions.repo';
import { audienceOf, delMessageFor, pushPerRecipient, type ActionDeps, type VisibleRow } from './actions-context';
import * as repo from './messages.repo';
import { unindexMessage } from './search-index.repo';

/** delMessage (delete for everyone) and removeMessage (hide for me), PROTOCOL §4.6. */
export function createDeletion(deps: ActionDeps, visibleRow: VisibleRow) {
  const { db, config, events, groupReads } = deps;

  return {
    async del(me: UserRow, id: string): Promise<void> {
      if ((await config.systemInfo()).chatInfo.dbDelMsg !== 1) throw new AppError(400, 'chat.deleteDisabled');
      const { row } = await visibleRow(me, await repo.findByUuid(db, id));
      // Mine only; never an announcement or a server event line (a recall line is mine to delete).
      if (
        row.from_user !== me.id ||
        row.is_group === ContactKind.adminNotice ||
        (row.type === 'event' && row.is_undo !== 1)
      ) {
        throw new AppError(400, 'chat.undoNotAllowed');
      }
      await withTx(
        db,
        async (tx, onCommit) => {
          const recipients = await audienceOf(groupReads, tx, row);
          await unindexMessage(tx, row);
          const wasLast = await actionsRepo.deleteRow(tx, row);
          onCommit(() => pushPerRecipient(events, 'delMessage', recipients, delMessageFor(row, wasLast)));
        },
        deps.log,
      );
    },

    /** Hidden for me; a single-chat row goes once both sides hid it, a favourite at once. No push. */
    async remove(me: UserRow, id: string): Promise<void> {
      const { row } = await visibleRow(me, await repo.findByUuid(db, id));
      const other =
        row.is_group === ContactKind.person ? (row.from_user === me.id ? row.to_user : row.from_user) : undefined;
      await withTx(
        db,
        async (tx) => {
          await actionsRepo.hide(tx, me.id, row.msg_id);
          const gone =
            row.is_group === ContactKind.favourites ||
            (other !== undefined && (await repo.isHidden(tx, other, row.msg_id)));
          if (gone) {
            await unindexMessage(tx, row);
            await actionsRepo.deleteRow(tx, row);
          }
        },
        deps.log,
      );
    },
  };
}
