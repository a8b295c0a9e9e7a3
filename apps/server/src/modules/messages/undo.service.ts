import { ContactKind, GroupRole } from '@parley/protocol';
import type { UndoMessageEvent } from '@parley/protocol';
import { withTx } from '../../platform/db/index';
import { AppError } from '../../platform/http/errors';
import { terminalKind } from '../auth/index';
import { visibleContent } from '../contacts/index';
import type { UserRow } from '../users/index';
import * as actionsRepo from './actions.repo';
import {
  audienceOf,
  isSystemLine,
  pushPerRecipient,
  sideOf,
  type ActionDeps,
  type ActionRequest,
  type VisibleRow,
} from './actions-context';
import * as repo from './messages.repo';
import { unindexMessage } from './search-index.repo';
import type { MessageRow } from './messages.repo';

const notAllowed = () => new AppError(400, 'chat.undoNotAllowed');

/** undoMessage (PROTOCOL §4.6; order of checks and rights in the protocol's `undoMessageParams`). */
export function createUndo(deps: ActionDeps, visibleRow: VisibleRow) {
  const { db, clock, config, users, events, groupReads } = deps;

  /** Owners and managers act on a group's messages any time; everyone else on their own, within `redoTime`. */
  async function checkRight(me: UserRow, row: MessageRow): Promise<void> {
    if (row.is_group === ContactKind.adminNotice) throw notAllowed();
    if (row.is_group === ContactKind.group) {
      const mine = await groupReads.membership(db, row.to_user, me.id);
      if (mine?.role === GroupRole.owner) return;
      if (mine?.role === GroupRole.manager) {
        if (row.from_user === me.id) return;
        const sender = await groupReads.membership(db, row.to_user, row.from_user);
        if (!sender || sender.role === GroupRole.member) return;
        throw notAllowed();
      }
    }
    if (row.from_user !== me.id) throw notAllowed();
    const { redoTime } = (await config.systemInfo()).chatInfo;
    if (redoTime <= 0 || clock.now() - row.send_time_ms > redoTime * 1000) {
      throw new AppError(400, 'chat.undoExpired', { minutes: Math.ceil(redoTime / 60) });
    }
  }

  /** How members name the sender in "X recalled a message": their group card, else their name. */
  async function senderName(me: UserRow, row: MessageRow): Promise<string> {
    const sender = row.from_user === me.id ? me : await users.get(row.from_user);
    const card =
      row.is_group === ContactKind.group ? await groupReads.membership(db, row.to_user, row.from_user) : undefined;
    return card?.nickname || sender?.realname || '';
  }

  return {
    async undo(me: UserRow, id: string, r: ActionRequest): Promise<void> {
      const { row } = await visibleRow(me, await repo.findByUuid(db, id));
      await checkRight(me, row);
      if (isSystemLine(row)) throw notAllowed();
      // Read before the transaction: on SQLite it holds the only connection.
      const name = await senderName(me, row);
      const isMobile = terminalKind(undefined, r.userAgent) === 'mobile';
      await withTx(
        db,
        async (tx, onCommit) => {
          if (!(await actionsRepo.markRecalled(tx, row.msg_id, me.id))) throw notAllowed();
          await unindexMessage(tx, row);
          const recipients = await audienceOf(groupReads, tx, row);
          const isLast = (await repo.lastMsgId(tx, row.chat_identify)) === row.msg_id ? 1 : 0;
          const recalled: MessageRow = {
            ...row,
            type: 'event',
            is_undo: 1,
            content: '',
            at: '',
            extends: JSON.stringify({ undoBy: me.id }),
          };
          const dataFor = (uid: number): UndoMessageEvent => ({
            id: row.id,
            msg_id: row.msg_id,
            from_user: row.from_user,
            type: 'event',
            is_undo: 1,
            status: 'succeed',
            is_last: isLast,
            sendTime: row.send_time_ms,
            content: visibleContent(recalled, uid, r.lang, r.origin, name),
            toContactId: sideOf(uid, row),
            is_group: row.is_group as 0 | 1 | 3,
            isMobile,
            extends: { undoBy: me.id },
          });
          onCommit(() => pushPerRecipient(events, 'undoMessage', recipients, dataFor));
        },
        deps.log,
      );
    },
  };
}
