import { z } from 'zod';
import { t } from './coerce';

/**
 * Socket protocol (PROTOCOL §11). URL `/wss`, JSON text frames ≤ 64 KB from clients. The server
 * opens with a bare `init`; `ping`/`pong` are bare too; every other server frame is the event
 * envelope `{type, time (unix s), data}` sent after commit to the recipients §11.4 lists.
 */

/** A `call` frame's bounds (§11.6), shared by the schema and `readClientFrame`'s hand check. */
const CALL_SEQ = { min: 1, max: 2 ** 31 } as const;
const CALL_PATH = { min: 1, max: 200 } as const;

/**
 * Frames a client may send. Unknown types count as activity only. Picked by `type` (a plain
 * union tried every member in turn and built the failures of the first four for each `call`).
 */
export const clientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('close') }),
  z.object({ type: z.literal('bindUid'), user_id: z.union([z.number(), z.string()]).optional(), token: z.string() }),
  // §11.6: an API call carried by a bound socket; answered by a `reply` with the same seq.
  z.object({
    type: z.literal('call'),
    seq: z.number().int().min(CALL_SEQ.min).max(CALL_SEQ.max),
    path: z.string().min(CALL_PATH.min).max(CALL_PATH.max),
    params: z.record(z.string(), z.unknown()).optional(),
  }),
]);
export type ClientFrame = z.infer<typeof clientFrame>;

type CallFrame = Extract<ClientFrame, { type: 'call' }>;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/**
 * `clientFrame.safeParse(parsed).data`, with a `call` that passes checked by hand: every
 * message a bound client sends is one, and zod's union, object and record parse of it cost as
 * much as the JSON parse before it (docs/performance.md, issue 23, seventh pass). Anything the
 * hand check does not pass goes to zod, so what is refused, and how, is zod's. The params object
 * is passed on as parsed (zod copied it); the route's own schema validates it next.
 */
export function readClientFrame(parsed: unknown): ClientFrame | undefined {
  if (isRecord(parsed) && parsed.type === 'call') {
    const { seq, path, params } = parsed;
    if (
      typeof seq === 'number' &&
      Number.isInteger(seq) &&
      seq >= CALL_SEQ.min &&
      seq <= CALL_SEQ.max &&
      typeof path === 'string' &&
      path.length >= CALL_PATH.min &&
      path.length <= CALL_PATH.max &&
      (params === undefined || isRecord(params))
    ) {
      const frame: CallFrame = { type: 'call', seq, path };
      if (params !== undefined) frame.params = params;
      return frame;
    }
  }
  const frame = clientFrame.safeParse(parsed);
  return frame.success ? frame.data : undefined;
}

export interface InitFrame {
  type: 'init';
  client_id: string;
}
export interface PingFrame {
  type: 'ping';
}
export interface PongFrame {
  type: 'pong';
  /** More than one live connection for this user. */
  multiport: boolean;
}

/** Every event type of §11.4; a closed union so handlers are checked for completeness. */
export const socketEventTypes = [
  'isOnline',
  'offline',
  'simple',
  'group',
  'undoMessage',
  'delMessage',
  'updateMessage',
  'isRead',
  'readAll',
  'atMsgList',
  'setChatTop',
  'setIsNotice',
  'addGroup',
  'addGroupUser',
  'editGroupName',
  'setManager',
  'removeUser',
  'setNoSpeak',
  'removeGroup',
  'setNotice',
  'groupSetting',
  'updateCard',
  'changeOwner',
  'clearMessage',
  'appendContact',
  'updateConfig',
  'webrtc',
  'moments',
  'statistics',
  // Parley extensions: a user's public face changed (→ contacts, fellow members, own devices);
  // my own Self object changed (settings, e-mail…) → my other connections; my remark name for a
  // friend changed → my connections (friends.ts SetNicknameEvent).
  'updateUser',
  'updateSelf',
  'setNickname',
  // §18: departments or who is in them changed → every bound connection.
  'orgChanged',
  // §17: members read my group message (read-list.ts GroupReadEvent) → my connections.
  'groupRead',
] as const;
export type SocketEventType = (typeof socketEventTypes)[number];

export interface EventFrame<T extends SocketEventType = SocketEventType, D = unknown> {
  type: T;
  time: number;
  data: D;
}

/** §11.6: the §1.3 envelope of a socket `call`, tagged with the call's seq. */
export interface ReplyFrame {
  type: 'reply';
  seq: number;
  code: number;
  msg: string;
  count: number;
  data: unknown;
  page: number;
}

export type ServerFrame = InitFrame | PingFrame | PongFrame | EventFrame | ReplyFrame;

/** Close codes (§11.1). */
export const CloseCode = {
  idle: 4000,
  authFailed: 4001,
  kicked: 4002,
  revoked: 4003,
  tooManyConnections: 4008,
  shutdown: 1001,
  /**
   * Parley: "reconnect and re-read" (1012, service restart). After a Redis outage a node closes
   * the connections that may have missed pushes meanwhile (PROTOCOL §20: nothing acknowledged is
   * left unpushed); a client reconnects after any close and re-reads what it shows (§11.5).
   */
  refetch: 1012,
} as const;
export type CloseCode = (typeof CloseCode)[keyof typeof CloseCode];

export interface IsOnlineEvent {
  id: number;
  is_online: 0 | 1;
}
export interface OfflineEvent {
  id: number;
  client_id: string;
  isMobile: boolean;
}

// Zod-free, so the web's first load can read them without the schemas (socket-rules.ts).
export { socketClientRules } from './socket-rules';

/**
 * `bindUid` (§2.4, §11.2): joins the socket `client_id` to my session. `user_id`, if sent, must
 * be mine; `cid` is the terminal kind the socket reports.
 */
export const bindUidParams = z.object({ client_id: t.str.req(), user_id: t.uid.opt(), cid: t.str.opt() });
/** `bindGroup` (§11.2): the socket also receives the group's pushes. */
export const bindGroupParams = z.object({ client_id: t.str.req(), group_id: t.gid.req() });
/** `offline` (§11.2): my sockets are told to close; `user_id`, if sent, must be mine. */
export const offlineParams = z.object({ user_id: t.uid.opt() });
