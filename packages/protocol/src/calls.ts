import { z } from 'zod';
import { t } from './coerce';
import type { ChatInfo, IceServer } from './config';
import type { Contact } from './contacts';
import type { Lang } from './errors';
import { limits } from './limits';
import type { UserSummary } from './messages';

/**
 * One-to-one voice and video calls (PROTOCOL §10): `POST /enterprise/im/sendToMsg` relays the
 * WebRTC signalling, the `webrtc` socket event carries it, and one `webrtc` message per call
 * records how it ended.
 *
 * Decisions where §10 is silent:
 * - `code` must be one of 901–908 (else 400 `common.badParam`, `code`). `acceptRtc` and `busy`
 *   sent with 901 (the default) are relayed as 904 and 907.
 * - `calling` with an `id` already stored from me answers that call's payload again and pushes
 *   nothing (a retried request); an `id` stored by someone else or for another message → 400
 *   `common.badParam` (`id`).
 * - `calling` stores `extends.status` 3 (the server's mark of §10.1); other events keep the
 *   status the client sent, else 1 when the sender is the caller and 2 when they are the callee.
 * - `acceptRtc` marks the stored row accepted by setting `extends.code` to 904 (its content
 *   still reads "Video call" / "Voice call" until the hangup): this is how the 60 s safety net
 *   and the stale-call sweep, on any node, tell an answered call from one still ringing.
 * - `hangup` must end the call with a final code (902, 903, 905–908). A hangup that carries 901
 *   or 904 means: 906 if the call was answered, else 902 from the caller and 903 from the callee.
 *   The first final code wins: a later hangup is still relayed but no longer changes the row
 *   (a caller's 902 arriving after the callee's 903 must not rewrite "declined").
 * - `busy` from a callee device is only relayed (§10.2); the caller leaves the call on 907. The
 *   row stays 901 until the safety net closes it as 905 and tells every device (so a second
 *   callee device that is still ringing stops).
 * - Peer offline at `calling`: the server waits `offlineBusyDelayMs` and looks again (a phone
 *   that was reconnecting gets its call); still offline → the busy answer of §10.1 whose
 *   `fromUser` is the callee and `toContactId` the callee (addressed to the caller as if the
 *   callee had answered busy), `msg_id` 0.
 * - Safety net: the node that accepted `calling` owns a 60 s timer. A row still at 901 after
 *   60 s whose timer was lost (that node restarted) is closed as 905 by a sweep every
 *   `sweepEveryMs` on every node; the update is conditional, so only one node pushes.
 * - The acting device receives the copies sent to "my connections" too (the server cannot tell
 *   the sockets of one user apart by request); it recognises its own action by the call state
 *   it is already in.
 * - A `webrtc` event's `content` is the call text in the language of the causing request;
 *   `iceCandidate` events say "Connecting…".
 */

/** `event` values a client may send. */
export const callEvents = ['calling', 'acceptRtc', 'offer', 'answer', 'iceCandidate', 'hangup', 'busy'] as const;
export type CallEvent = (typeof callEvents)[number];
/** `extends.event` of the copies that tell my other devices a call was handled here. */
export const OTHER_OPT = 'otherOpt';
export type WebrtcEventName = CallEvent | typeof OTHER_OPT;

/** `type`: 1 video, 0 voice. */
export const CallType = { voice: 0, video: 1 } as const;
export type CallType = (typeof CallType)[keyof typeof CallType];

/** `status`: 1 caller, 2 callee; the server sets 3 on `calling`. */
export const CallStatus = { caller: 1, callee: 2, calling: 3 } as const;

/** §10.3 codes. */
export const CallCode = {
  calling: 901,
  cancelled: 902,
  declined: 903,
  answered: 904,
  notConnected: 905,
  ended: 906,
  busy: 907,
  handledElsewhere: 908,
} as const;
export type CallCode = (typeof CallCode)[keyof typeof CallCode];
const codeValues: readonly number[] = Object.values(CallCode);
export const isCallCode = (n: number): n is CallCode => codeValues.includes(n);
/** Codes a hangup may store: the call's outcome. */
export const finalCallCodes: readonly CallCode[] = [902, 903, 905, 906, 907, 908];

/** Timing of §10 and §13.2. */
export const callLimits = {
  /** The caller's device gives up ringing after this and sends `hangup` 902. */
  ringClientMs: limits.callRingClientS * 1000,
  /** The server's safety net: a call neither accepted nor hung up by then becomes 905. */
  ringServerMs: limits.callRingServerS * 1000,
  /** Wait before answering busy for a peer who is offline at `calling`. */
  offlineBusyDelayMs: 1000,
  /** How often each node looks for calls whose safety-net timer was lost. */
  sweepEveryMs: 60_000,
  /** Relayed signalling sizes (issue 19 #9): a real SDP is a few KB, a candidate under 1 KB. */
  sdpMaxChars: 32 * 1024,
  iceCandidateMaxChars: 2048,
} as const;

const code = t.int.def(CallCode.calling).pipe(z.literal([901, 902, 903, 904, 905, 906, 907, 908]));

/** `POST /enterprise/im/sendToMsg` (§10.1). `sdp` is relayed as sent (string or object). */
export const sendToMsgParams = z.object({
  toContactId: t.uid.req(),
  type: t.int.req().pipe(z.union([z.literal(0), z.literal(1)])),
  status: t.int.opt(),
  event: t.str.def('calling').pipe(z.enum(callEvents)),
  code,
  id: t.uuid.req(),
  msg_id: t.int.opt(),
  sdp: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
  ),
  iceCandidate: t.str.opt(),
  callTime: t.int.opt().pipe(z.number().int().min(0).optional()),
});
export type SendToMsgParams = z.infer<typeof sendToMsgParams>;

/** `extends` of a `webrtc` payload and of the stored row (the row keeps no sdp/candidate). */
export interface WebrtcExtends {
  type: CallType;
  status: number;
  event: WebrtcEventName;
  code: CallCode;
  callTime: number;
  sdp?: string | Record<string, unknown>;
  iceCandidate?: string;
  isMobile: boolean;
}

/** Data of the `webrtc` event and of the sendToMsg answer (§10.1). */
export interface WebrtcPayload {
  id: string;
  msg_id: number;
  /** Milliseconds, now. */
  sendTime: number;
  /** The other party from the recipient's side (the caller for the callee; the callee for my copies and the reply). */
  toContactId: number;
  toUser?: number;
  content: string;
  type: 'webrtc';
  status: 'succeed';
  is_group: 0;
  is_read: 0;
  at: [];
  fromUser: UserSummary;
  extends: WebrtcExtends;
  /** The `calling` copy to the caller's devices only: the callee as a person contact. */
  contactInfo?: Contact;
}

const texts: Record<CallCode, readonly [string, string]> = {
  901: ['', ''],
  902: ['通话已取消', 'Call cancelled'],
  903: ['对方已拒绝', 'Call declined'],
  904: ['已接听', 'Call answered'],
  905: ['未接通', 'Not connected'],
  906: ['通话时长', 'Call duration'],
  907: ['对方忙线中', 'The other party is busy'],
  908: ['已在其他设备处理', 'Handled on another device'],
};
const mediaTexts = { 0: ['语音通话', 'Voice call'], 1: ['视频通话', 'Video call'] } as const;
const connecting = ['正在连接…', 'Connecting…'] as const;
const pick = (pair: readonly [string, string], lang: Lang) => (lang === 'en-us' ? pair[1] : pair[0]);

/** `callTime` seconds as mm:ss, from one hour h:mm:ss (§10.3). */
export function callDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${two(m)}:${two(s % 60)}`;
}

/** The call text of §10.3 for a code; unknown codes read as 901. */
export function callText(code: number, type: number, callTime: number, lang: Lang): string {
  if (code === CallCode.ended) return `${pick(texts[906], lang)} ${callDuration(callTime)}`;
  if (isCallCode(code) && code !== CallCode.calling) return pick(texts[code], lang);
  return pick(type === CallType.video ? mediaTexts[1] : mediaTexts[0], lang);
}

/** The `content` of a `webrtc` event: "Connecting…" for `iceCandidate`, else the call text. */
export function webrtcContent(
  event: WebrtcEventName,
  code: number,
  type: number,
  callTime: number,
  lang: Lang,
): string {
  return event === 'iceCandidate' ? pick(connecting, lang) : callText(code, type, callTime, lang);
}

/** The ICE servers a client should use (§10): `iceServers` plus one entry for `stun` when set. */
export function iceServersOf(chat: Pick<ChatInfo, 'iceServers' | 'stun' | 'stunUser' | 'stunPass'>): IceServer[] {
  const list = [...chat.iceServers];
  if (chat.stun) {
    list.push({
      urls: chat.stun,
      ...(chat.stunUser ? { username: chat.stunUser } : {}),
      ...(chat.stunPass ? { credential: chat.stunPass } : {}),
    });
  }
  return list;
}

/**
 * `POST /enterprise/im/iceServers` (§10.4). Decisions where §10.4 is silent:
 * - `chatInfo.webrtc` 0 → 400 `call.disabled`: no relay credentials while calls are off.
 * - `ttl` is `turn.ttl` when a TURN entry was minted, else 0 (nothing in the list expires).
 * - The TURN entry comes last, after the §10 list, with `urls` as configured (an array).
 * - `username` is `"<expiry unix s>:<user_id>"` with expiry = now + ttl; `credential` is
 *   base64(HMAC-SHA1(secret, username)), the TURN REST scheme coturn checks with
 *   `use-auth-secret`. Each request mints afresh; nothing is stored.
 */
export const iceServersParams = z.object({});
export interface IceServersAnswer {
  iceServers: IceServer[];
  /** Seconds the minted credential stays valid; 0 when none was minted. */
  ttl: number;
}

/** The TURN REST user name of §10.4. */
export const turnUsername = (expiryS: number, userId: number): string => `${expiryS}:${userId}`;
