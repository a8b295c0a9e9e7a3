import { CallCode, callLimits, callText, type Lang, type WebrtcExtends } from '@parley/protocol';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock';
import type { DB } from '../../platform/db/index';
import type { MessageRow } from '../../platform/db/schema-chat';
import type { Events } from '../../platform/events';
import type { Timers } from '../../platform/timers';
import type { Contacts } from '../contacts/index';
import { messagesRepo, summary } from '../messages/index';
import type { UsersService } from '../users/index';
import { storedCall, webrtcPayload, type StoredCall } from './present';
import { ownRecipients, peerRecipients } from './recipients';

export interface SafetyNetDeps {
  db: Kysely<DB>;
  clock: Clock;
  timers: Timers;
  users: UsersService;
  contacts: Pick<Contacts, 'remarksOf'>;
  events: Events;
  /** Origin for avatar URLs when no request is at hand (the sweep); '' = relative. */
  publicUrl?: string;
  log: (err: unknown) => void;
}

/** The language a call row was written in (its 901 text), so later texts match it. */
function langOf(call: StoredCall): Lang {
  return call.row.content === callText(CallCode.calling, call.type, 0, 'en-us') ? 'en-us' : 'zh-cn';
}

/**
 * PROTOCOL §10.2 safety net: a call neither accepted nor hung up 60 s after `calling` becomes
 * 905 and both parties get `hangup` 905 from the caller. The node that accepted `calling`
 * holds the timer; a sweep on every node closes calls whose timer went down with its node.
 * Every change to a call row is a compare-and-set on its `extends`, so of two nodes (or a
 * timer and a hangup) racing, exactly one writes and pushes.
 */
export function createSafetyNet(deps: SafetyNetDeps) {
  const { db, clock, timers, users, contacts, events, log } = deps;
  const watching = new Map<string, () => void>();

  /** Writes the new facts and content if nobody changed the row meanwhile; true when written. */
  function rewrite(call: StoredCall, ext: Partial<WebrtcExtends>, content: string): Promise<boolean> {
    return messagesRepo.updateIfUnchanged(db, call.row.msg_id, call.row.extends, {
      content,
      extends: JSON.stringify({ ...call.ext, ...ext }),
    });
  }

  async function closeUnanswered(row: MessageRow, origin: string): Promise<void> {
    const call = storedCall(row);
    if (call.code !== CallCode.calling) return;
    const lang = langOf(call);
    const ext = {
      ...(call.ext as unknown as WebrtcExtends),
      event: 'hangup' as const,
      code: CallCode.notConnected,
      callTime: 0,
    };
    if (!(await rewrite(call, ext, callText(ext.code, call.type, 0, lang)))) return;
    const [caller, remarks] = await Promise.all([
      users.get(row.from_user),
      contacts.remarksOf(row.to_user, [row.from_user]),
    ]);
    const remark = remarks.get(row.from_user) ?? '';
    const base = { id: row.id, msgId: row.msg_id, now: clock.now(), ext, lang };
    const fromFor = (name: string) => summary(caller, row.from_user, name || caller?.realname || '', origin);
    await events.toUsers(
      peerRecipients(row.to_user),
      'webrtc',
      webrtcPayload({ ...base, toContactId: row.from_user, toUser: row.to_user, from: fromFor(remark) }),
    );
    await events.toUsers(
      ownRecipients(row.from_user),
      'webrtc',
      webrtcPayload({ ...base, toContactId: row.to_user, toUser: row.to_user, from: fromFor('') }),
    );
  }

  function unwatch(callId: string): void {
    watching.get(callId)?.();
    watching.delete(callId);
  }

  // Rows at or below the cursor are known to be closed or watched by a live timer.
  let cursor = 0;
  let sweeping = false;
  async function sweep(): Promise<void> {
    if (sweeping) return;
    sweeping = true;
    try {
      const top = await messagesRepo.maxMsgId(db);
      const staleBefore = clock.now() - callLimits.ringServerMs;
      let next = top;
      for (const row of await messagesRepo.ringingAfter(db, cursor)) {
        if (row.msg_id > top) break;
        if (row.send_time_ms <= staleBefore) await closeUnanswered(row, deps.publicUrl ?? '');
        else next = Math.min(next, row.msg_id - 1);
      }
      cursor = next;
    } finally {
      sweeping = false;
    }
  }
  const stopSweep = timers.every(callLimits.sweepEveryMs, () => void sweep().catch(log));

  return {
    /** Starts the 60 s timer of a call this node just stored. */
    watch(callId: string, origin: string): void {
      unwatch(callId);
      const cancel = timers.after(callLimits.ringServerMs, () => {
        watching.delete(callId);
        void messagesRepo
          .findByUuid(db, callId)
          .then((row) => (row ? closeUnanswered(row, origin) : undefined))
          .catch(log);
      });
      watching.set(callId, cancel);
    },

    /** acceptRtc: a ringing call becomes answered (904), which the timer and the sweep leave alone. */
    async accept(call: StoredCall): Promise<void> {
      unwatch(call.row.id);
      if (call.code === CallCode.calling)
        await rewrite(call, { event: 'acceptRtc', code: CallCode.answered }, call.row.content);
    },

    /** hangup: the first final code wins; a call already ended keeps its outcome. */
    async end(call: StoredCall, code: CallCode, callTime: number, lang: Lang): Promise<void> {
      unwatch(call.row.id);
      if (call.code === CallCode.calling || call.code === CallCode.answered) {
        await rewrite(call, { event: 'hangup', code, callTime }, callText(code, call.type, callTime, lang));
      }
    },

    sweep,
    stop(): void {
      stopSweep();
      for (const cancel of watching.values()) cancel();
      watching.clear();
    },
  };
}
