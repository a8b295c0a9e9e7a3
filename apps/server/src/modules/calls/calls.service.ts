import {
  CallCode,
  callLimits,
  CallStatus,
  callText,
  CallType,
  ContactKind,
  finalCallCodes,
  OTHER_OPT,
  type CallEvent,
  type SendToMsgParams,
  type UserSummary,
  type WebrtcExtends,
  type WebrtcPayload,
} from '@parley/protocol';
import type { Kysely } from 'kysely';
import type { PresenceRegistry } from '../../platform/bus/index';
import type { Clock } from '../../platform/clock';
import { isUniqueViolation, withTx, type DB } from '../../platform/db/index';
import type { MessageRow } from '../../platform/db/schema-chat';
import type { Events } from '../../platform/events';
import { AppError, badParam } from '../../platform/http/errors';
import type { Timers } from '../../platform/timers';
import type { RequestView } from '../../platform/http/router';
import { terminalKind } from '../auth/index';
import type { ConfigService } from '../config/index';
import { singleChatId, type ContactSet, type Contacts } from '../contacts/index';
import { createSingleChatCheck, messagesRepo, summary } from '../messages/index';
import type { UserRow, UsersService } from '../users/index';
import { storedCall, webrtcPayload, type StoredCall } from './present';
import { createSafetyNet } from './safety-net';
import { ownRecipients, peerRecipients } from './recipients';

export interface CallsDeps {
  db: Kysely<DB>;
  clock: Clock;
  timers: Timers;
  config: Pick<ConfigService, 'systemInfo' | 'automation'>;
  users: UsersService;
  contactSet: ContactSet;
  contacts: Contacts;
  events: Events;
  /** Live connections on every node: is the callee reachable at `calling`? */
  presence: Pick<PresenceRegistry, 'online'>;
  publicUrl?: string;
  log: (err: unknown) => void;
  /** The callee has no connection anywhere: they hear of the call by Web Push (issue 22). */
  offlineCall?: (from: UserSummary, calleeId: number, video: boolean) => void;
}

export interface CallRequest extends RequestView {
  userAgent: string;
}

/** The outcome a hangup stores: a final code as sent, else what the call's state implies. */
function hangupCode(sent: number, current: number, iAmCaller: boolean): CallCode {
  if ((finalCallCodes as readonly number[]).includes(sent)) return sent as CallCode;
  if (current === CallCode.answered) return CallCode.ended;
  return iAmCaller ? CallCode.cancelled : CallCode.declined;
}

const impliedCodes: Partial<Record<CallEvent, CallCode>> = { acceptRtc: CallCode.answered, busy: CallCode.busy };

const isPair = (row: MessageRow, a: number, b: number) =>
  (row.from_user === a && row.to_user === b) || (row.from_user === b && row.to_user === a);

/**
 * `sendToMsg` (PROTOCOL §10): the checks, the routing table of §10.2 and the one stored row
 * per call. Signalling itself is never stored; `sdp` and candidates are relayed as sent.
 */
export function createCalls(deps: CallsDeps) {
  const { db, clock, timers, config, users, contacts, events } = deps;
  const checkSingle = createSingleChatCheck(deps);
  const net = createSafetyNet(deps);

  const isMobile = (r: CallRequest) => terminalKind(undefined, r.userAgent) === 'mobile';
  const self = (me: UserRow, r: RequestView): UserSummary => summary(me, me.id, me.realname, r.origin);
  /** Me as `viewer` names me (their remark for me, else my name). */
  async function meFor(me: UserRow, viewer: number, r: RequestView): Promise<UserSummary> {
    const remark = (await contacts.remarksOf(viewer, [me.id])).get(me.id) ?? '';
    return summary(me, me.id, remark || me.realname, r.origin);
  }

  const online = async (id: number) => (await deps.presence.online([id])).has(id);
  const wait = (ms: number) => new Promise<void>((resolve) => timers.after(ms, resolve));

  /** The callee is offline: answer busy 907 as if from them, to the caller only; nothing stored. */
  async function busyBack(me: UserRow, peer: UserRow, p: SendToMsgParams, r: CallRequest): Promise<WebrtcPayload> {
    const ext: WebrtcExtends = {
      type: p.type,
      status: CallStatus.callee,
      event: 'busy',
      code: CallCode.busy,
      callTime: 0,
      isMobile: isMobile(r),
    };
    const remark = (await contacts.remarksOf(me.id, [peer.id])).get(peer.id) ?? '';
    const from = summary(peer, peer.id, remark || peer.realname, r.origin);
    const payload = webrtcPayload({
      id: p.id,
      msgId: 0,
      now: clock.now(),
      toContactId: peer.id,
      toUser: me.id,
      from,
      ext,
      lang: r.lang,
    });
    await events.toUsers(ownRecipients(me.id), 'webrtc', payload);
    deps.offlineCall?.(await meFor(me, peer.id, r), peer.id, p.type === CallType.video);
    return payload;
  }

  /** A retried `calling` answers the stored call again, pushing nothing. */
  function resent(me: UserRow, peer: UserRow, row: MessageRow, r: CallRequest): WebrtcPayload {
    if (row.type !== 'webrtc' || row.from_user !== me.id || row.to_user !== peer.id) throw badParam('id');
    const ext = storedCall(row).ext as unknown as WebrtcExtends;
    return webrtcPayload({
      id: row.id,
      msgId: row.msg_id,
      now: row.send_time_ms,
      toContactId: peer.id,
      toUser: peer.id,
      from: self(me, r),
      ext,
      lang: r.lang,
    });
  }

  async function calling(me: UserRow, p: SendToMsgParams, r: CallRequest): Promise<WebrtcPayload> {
    const peer = await checkSingle(me, p.toContactId);
    const stored = await messagesRepo.findByUuid(db, p.id);
    if (stored) return resent(me, peer, stored, r);
    // A phone whose socket is reconnecting gets a moment before the caller hears "busy".
    if (!(await online(peer.id))) {
      await wait(callLimits.offlineBusyDelayMs);
      if (!(await online(peer.id))) return busyBack(me, peer, p, r);
    }
    const now = clock.now();
    const ext: WebrtcExtends = {
      type: p.type,
      status: CallStatus.calling,
      event: 'calling',
      code: CallCode.calling,
      callTime: 0,
      isMobile: isMobile(r),
    };
    const content = callText(CallCode.calling, p.type, 0, r.lang);
    const chatId = singleChatId(me.id, peer.id);
    return withTx(
      db,
      async (tx, onCommit) => {
        const msgId = await messagesRepo.insertMessage(tx, {
          id: p.id,
          chat_identify: chatId,
          from_user: me.id,
          to_user: peer.id,
          is_group: ContactKind.person,
          type: 'webrtc',
          content,
          extends: JSON.stringify(ext),
          at: '',
          pid: 0,
          is_undo: 0,
          file_id: 0,
          file_cate: 0,
          file_name: '',
          file_size: 0,
          send_time_ms: now,
        });
        await messagesRepo.setLastMsg(tx, chatId, msgId);
        const reply = webrtcPayload({
          id: p.id,
          msgId,
          now,
          toContactId: peer.id,
          toUser: peer.id,
          from: self(me, r),
          ext,
          lang: r.lang,
        });
        onCommit(async () => {
          net.watch(p.id, r.origin);
          await events.toUsers(peerRecipients(peer.id), 'webrtc', {
            ...reply,
            toContactId: me.id,
            fromUser: await meFor(me, peer.id, r),
          });
          const last = { content, type: 'webrtc', sendTime: now };
          reply.contactInfo = await contacts.personPushContact(me, peer, await contacts.viewerOf(me, r), last);
          await events.toUsers(ownRecipients(me.id), 'webrtc', reply);
        });
        return reply;
      },
      deps.log,
    );
  }

  /** Every event after `calling`: the call must exist between me and `toContactId`. */
  async function signal(me: UserRow, p: SendToMsgParams, r: CallRequest): Promise<WebrtcPayload> {
    const row = await messagesRepo.findByUuid(db, p.id);
    if (!row || row.type !== 'webrtc' || row.is_group !== ContactKind.person || !isPair(row, me.id, p.toContactId))
      throw new AppError(400, 'call.notFound');
    const peer = await users.get(p.toContactId);
    if (!peer) throw new AppError(400, 'call.notFound');
    const call: StoredCall = storedCall(row);
    const iAmCaller = row.from_user === me.id;
    // Signalling is relayed only while the call rings or is live (issue 19 #9). A second hangup
    // (both sides hung up at once) is answered without relaying or rewriting anything.
    if ((finalCallCodes as readonly number[]).includes(call.code)) {
      if (p.event !== 'hangup') throw new AppError(400, 'call.notFound');
      return webrtcPayload({
        id: row.id,
        msgId: row.msg_id,
        now: clock.now(),
        toContactId: peer.id,
        toUser: peer.id,
        from: self(me, r),
        ext: call.ext as unknown as WebrtcExtends,
        lang: r.lang,
      });
    }
    const sdpSize = p.sdp === undefined ? 0 : typeof p.sdp === 'string' ? p.sdp.length : JSON.stringify(p.sdp).length;
    if (sdpSize > callLimits.sdpMaxChars) throw badParam('sdp');
    if ((p.iceCandidate?.length ?? 0) > callLimits.iceCandidateMaxChars) throw badParam('iceCandidate');
    // acceptRtc and busy sent without a code (the default 901) mean 904 and 907.
    let code: CallCode = p.code === CallCode.calling ? (impliedCodes[p.event] ?? p.code) : p.code;
    if (p.event === 'acceptRtc') await net.accept(call);
    if (p.event === 'hangup') {
      code = hangupCode(p.code, call.code, iAmCaller);
      await net.end(call, code, p.callTime ?? 0, r.lang);
    }
    const ext: WebrtcExtends = {
      type: p.type,
      status: p.status ?? (iAmCaller ? CallStatus.caller : CallStatus.callee),
      event: p.event,
      code,
      callTime: p.callTime ?? 0,
      ...(p.sdp !== undefined ? { sdp: p.sdp } : {}),
      ...(p.iceCandidate !== undefined ? { iceCandidate: p.iceCandidate } : {}),
      isMobile: isMobile(r),
    };
    const base = { id: row.id, msgId: row.msg_id, now: clock.now(), ext, lang: r.lang };
    await events.toUsers(
      peerRecipients(peer.id),
      'webrtc',
      webrtcPayload({ ...base, toContactId: me.id, toUser: peer.id, from: await meFor(me, peer.id, r) }),
    );
    const mine = webrtcPayload({ ...base, toContactId: peer.id, toUser: peer.id, from: self(me, r) });
    // My other devices stop ringing or leave the call (§10.2 otherOpt).
    if (p.event === 'acceptRtc' || p.event === 'hangup') {
      await events.toUsers(ownRecipients(me.id), 'webrtc', { ...mine, extends: { ...ext, event: OTHER_OPT } });
    }
    return mine;
  }

  return {
    async send(me: UserRow, p: SendToMsgParams, r: CallRequest): Promise<WebrtcPayload> {
      const { chatInfo } = await config.systemInfo();
      if (chatInfo.webrtc !== 1) throw new AppError(400, 'call.disabled');
      if (p.event !== 'calling') return signal(me, p, r);
      try {
        return await calling(me, p, r);
      } catch (err) {
        // Two concurrent `calling`s of one id: the loser answers as a retry.
        if (isUniqueViolation(err)) return calling(me, p, r);
        throw err;
      }
    },
    /** Closes ringing calls whose timer was lost (also run every minute by each node). */
    sweep: net.sweep,
    stop: net.stop,
  };
}
export type Calls = ReturnType<typeof createCalls>;
