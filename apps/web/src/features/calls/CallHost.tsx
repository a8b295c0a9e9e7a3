import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { CallCode } from '@parley/protocol';
import { useCurrentRoute, useGoBack } from '../../nav/navigation';
import { href } from '../../nav/routes';
import { useAuth } from '../../state/auth';
import { dismissCall, useCall } from './controller';
import { callOf, isLocked, needsAction, type CallInfo } from './machine';
import { CallOverlay } from './components/CallOverlay';
import { ReturnToCall } from './components/ReturnToCall';

/** How long the end of a call stays on screen before the page closes. */
const ENDED_SHOW_MS = 2000;

/** The call route's query (spec §2): msg_id, type, status (1 caller, 2 callee), peer id, name, avatar. */
function callHref(call: CallInfo): string {
  return href('call', {
    msg_id: call.msgId || undefined,
    type: call.type,
    status: call.role === 'caller' ? 1 : 2,
    id: call.peer.id,
    name: call.peer.name,
    avatar: call.peer.avatar || undefined,
  });
}

/**
 * Mounted once in the shell: rings on any page (overlay), opens the call page for a call I
 * place or accept, offers the way back to a call from other pages, and closes the ended call.
 */
export function CallHost() {
  const view = useCall();
  const { state } = view;
  const navigate = useNavigate();
  const goBack = useGoBack();
  const route = useCurrentRoute();
  const onCallPage = route === 'call';
  const round = useAuth((s) => Boolean(s.userInfo?.setting?.avatarCricle));
  const call = callOf(state);
  const opened = useRef('');
  const leave = useRef({ onCallPage, goBack });
  leave.current = { onCallPage, goBack };

  const opensPage = state.phase === 'outgoing' || (state.phase === 'connecting' && state.call.role === 'callee');
  useEffect(() => {
    if (!call || !opensPage || opened.current === call.id) return;
    opened.current = call.id;
    if (!onCallPage) void navigate(callHref(call));
  }, [call, opensPage, onCallPage, navigate]);

  // Declining is my own doing: nothing to read, the ringing screen just goes away.
  const declinedHere = state.phase === 'ended' && state.call.role === 'callee' && state.code === CallCode.declined;
  const lingers = needsAction(state);
  useEffect(() => {
    if (state.phase !== 'ended' || lingers) return;
    const h = setTimeout(dismissCall, declinedHere ? 0 : ENDED_SHOW_MS);
    return () => clearTimeout(h);
  }, [state, declinedHere, lingers]);

  // The ended call was closed (by the timer or the OK button): leave its page.
  const wasEnded = useRef(false);
  useEffect(() => {
    if (state.phase === 'idle' && wasEnded.current && leave.current.onCallPage) void leave.current.goBack();
    wasEnded.current = state.phase === 'ended';
  }, [state]);

  if (state.phase === 'idle' || declinedHere) return null;
  if (state.phase === 'incoming' || (state.phase === 'ended' && !onCallPage)) {
    return <CallOverlay view={{ ...view, state }} round={round} />;
  }
  if (isLocked(state) && !onCallPage && call)
    return <ReturnToCall state={state} onOpen={() => void navigate(callHref(call))} />;
  return null;
}
