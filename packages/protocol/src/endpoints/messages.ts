import { iceServersParams, sendToMsgParams, type IceServersAnswer, type WebrtcPayload } from '../calls';
import {
  delMessageParams,
  forwardMessageParams,
  getMessageContextParams,
  getMessageInfoParams,
  getMessageListParams,
  readAtMsgParams,
  removeMessageParams,
  sendMessageParams,
  setMsgIsReadParams,
  undoMessageParams,
  type ForwardResult,
  type Message,
} from '../messages';
import { paths } from '../paths';
import { searchParams, type SearchResult } from '../search';
import { readListParams, type ReadListRow } from '../read-list';
import { data, done, paged, type EndpointDef } from './define';

/** Messages (§4), search (§4.8) and call signalling (§10). */
export const messageEndpoints = {
  [paths.sendMessage]: { auth: 'required', params: sendMessageParams, answer: data<Message>() },
  /** `count` = all rows of the conversation (chat mode) or of the filter (manager mode). */
  [paths.getMessageList]: { auth: 'required', params: getMessageListParams, answer: paged<Message[]>() },
  [paths.getMessageInfo]: { auth: 'required', params: getMessageInfoParams, answer: data<Message>() },
  [paths.getMessageContext]: { auth: 'required', params: getMessageContextParams, answer: paged<Message[]>() },
  [paths.setMsgIsRead]: { auth: 'required', params: setMsgIsReadParams, answer: done() },
  [paths.readAtMsg]: { auth: 'required', params: readAtMsgParams, answer: done() },
  [paths.undoMessage]: { auth: 'required', params: undoMessageParams, answer: done() },
  [paths.delMessage]: { auth: 'required', params: delMessageParams, answer: done() },
  [paths.removeMessage]: { auth: 'required', params: removeMessageParams, answer: done() },
  [paths.forwardMessage]: { auth: 'required', params: forwardMessageParams, answer: data<ForwardResult>() },
  [paths.search]: { auth: 'required', params: searchParams, answer: data<SearchResult>() },
  /** §17: `count` = all rows of that type (unread or read). */
  [paths.readList]: { auth: 'required', params: readListParams, answer: paged<ReadListRow[]>() },
  [paths.sendToMsg]: { auth: 'required', params: sendToMsgParams, answer: data<WebrtcPayload>() },
  [paths.iceServers]: { auth: 'required', params: iceServersParams, answer: data<IceServersAnswer>() },
} as const satisfies Record<string, EndpointDef>;
