import { limits, type ConversationRef, type ForwardResult, newMessageId } from '@parley/protocol';
import { AppError } from '../../platform/http/errors';
import { groupWireId, parseJsonObject } from '../contacts/index';
import type { UserRow } from '../users/index';
import { isSystemLine, type ActionDeps, type ActionRequest, type VisibleRow } from './actions-context';
import * as repo from './messages.repo';
import type { createSender } from './send.service';

type Send = ReturnType<typeof createSender>['send'];

/** A target in the form clients name it (the `success` / `fail` lists echo these). */
function wireName(ref: ConversationRef): number | string {
  switch (ref.kind) {
    case 'user':
      return ref.id;
    case 'group':
      return groupWireId(ref.id);
    case 'favourites':
      return -1;
    case 'admin_notice':
    case 'system':
      return ref.kind;
  }
}

/** forwardMessage (PROTOCOL §4.6): per target a copy through the whole sendMessage path. */
export function createForwarding(deps: ActionDeps, visibleRow: VisibleRow, send: Send) {
  const { db } = deps;

  return {
    async forward(me: UserRow, targets: ConversationRef[] | undefined, msgId: number, r: ActionRequest) {
      const unique = [...new Map((targets ?? []).map((t) => [String(wireName(t)), t])).values()];
      if (unique.length < 1 || unique.length > limits.forwardMax) throw new AppError(400, 'chat.forwardCount');
      const { row } = await visibleRow(me, await repo.findByMsgId(db, msgId));
      if (row.is_undo === 1 || isSystemLine(row)) throw new AppError(400, 'chat.msgNotFound');

      const ext = parseJsonObject(row.extends) ?? undefined;
      const result: ForwardResult = { success: [], fail: [] };
      // One after the other: each copy is its own sendMessage, so one failing target spoils nothing else.
      for (const target of unique) {
        const copy = {
          id: newMessageId(),
          type: row.type,
          content: row.content,
          toContactId: target,
          ...(ext ? { extends: ext } : {}),
          ...(row.file_id ? { file_id: row.file_id } : {}),
        };
        try {
          await send(me, copy, r, { forwardOf: row });
          result.success.push(wireName(target));
        } catch (err) {
          if (!(err instanceof AppError)) deps.log(err);
          result.fail.push(wireName(target));
        }
      }
      const n = result.fail.length;
      return n === 0
        ? { data: result, msg: 'chat.forwardOk' as const }
        : { data: result, msg: 'chat.forwardPartly' as const, msgParams: { n } };
    },
  };
}
