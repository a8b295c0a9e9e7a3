import { paths, type ForwardResult, type Message } from '@parley/protocol';
import { api } from '../../lib/api-client';
import type { ConversationId } from '../../lib/endpoints';

/** The message actions of PROTOCOL §4.6 and the single-row reads of §4.5. */

const quiet = { quietSuccess: true } as const;
const rows = (d: Message[] | '' | null | undefined): Message[] => (Array.isArray(d) ? d : []);

export const actionsApi = {
  undo: (id: string) => api.post<''>(paths.undoMessage, { id }, quiet),
  del: (id: string) => api.post<''>(paths.delMessage, { id }, quiet),
  remove: (id: string) => api.post<''>(paths.removeMessage, { id }, quiet),
  /** The server's msg (forwardOk / forwardPartly) is the user's feedback: not quiet. */
  forward: (user_ids: ConversationId[], msg_id: number) => api.post<ForwardResult>(paths.forwardMessage, { user_ids, msg_id }),
  infoByMsgId: (msg_id: number) => api.post<Message>(paths.getMessageInfo, { msg_id }, quiet),
  /** ≤ `limit` older rows, the row, ≤ `limit` newer, oldest first (limit max 50). */
  context: async (toContactId: ConversationId, msg_id: number, limit: number) =>
    rows(await api.post<Message[] | ''>(paths.getMessageContext, { toContactId, msg_id, limit }, quiet)),
};
