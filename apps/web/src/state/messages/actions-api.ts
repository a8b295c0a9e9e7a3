import { paths, type Message } from '@parley/protocol';
import type { CidIn } from '@parley/protocol';
import { call } from '../../lib/call';

/** The message actions of PROTOCOL §4.6 and the single-row reads of §4.5. */

const quiet = { quietSuccess: true } as const;
const rows = (d: Message[] | '' | null | undefined): Message[] => (Array.isArray(d) ? d : []);

export const actionsApi = {
  undo: (id: string) => call(paths.undoMessage, { id }, quiet),
  del: (id: string) => call(paths.delMessage, { id }, quiet),
  remove: (id: string) => call(paths.removeMessage, { id }, quiet),
  /** The server's msg (forwardOk / forwardPartly) is the user's feedback: not quiet. */
  forward: (user_ids: CidIn[], msg_id: number) => call(paths.forwardMessage, { user_ids, msg_id }),
  infoByMsgId: (msg_id: number) => call(paths.getMessageInfo, { msg_id }, quiet),
  /** ≤ `limit` older rows, the row, ≤ `limit` newer, oldest first (limit max 50). */
  context: async (toContactId: CidIn, msg_id: number, limit: number) =>
    rows(await call(paths.getMessageContext, { toContactId, msg_id, limit }, quiet)),
};
