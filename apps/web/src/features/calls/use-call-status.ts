import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callDuration, callText, CallType, type Lang } from '@parley/protocol';
import type { CallState } from './machine';

/** A clock ticking every second while `on` (the call duration). */
function useSecondClock(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    setNow(Date.now());
    const h = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(h);
  }, [on]);
  return now;
}

/**
 * The line under the peer's name: calling…, ringing, connecting…, the running mm:ss, or how the
 * call ended (the spec's reason texts, else the §10.3 call text in my language).
 */
export function useCallStatus(state: CallState): string {
  const { t, i18n } = useTranslation();
  const now = useSecondClock(state.phase === 'inCall');
  const lang: Lang = i18n.resolvedLanguage === 'en' ? 'en-us' : 'zh-cn';
  switch (state.phase) {
    case 'idle':
      return t('calls.noCall');
    case 'outgoing':
      return state.call.msgId > 0 ? t('calls.status.ringing') : t('calls.status.calling');
    case 'incoming':
      return state.call.type === CallType.video ? t('calls.status.incomingVideo') : t('calls.status.incomingVoice');
    case 'connecting':
      return t('calls.status.connecting');
    case 'inCall':
      return callDuration((now - state.connectedAt) / 1000);
    case 'ended':
      return state.reason
        ? t(`calls.reason.${state.reason}`)
        : callText(state.code, state.call.type, state.callTime, lang);
  }
}
