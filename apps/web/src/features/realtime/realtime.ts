import { CloseCode } from '@parley/protocol';
import { endpoints } from '../../lib/endpoints';
import { currentSettings } from '../mine/settings';
import type { QueryClient } from '@tanstack/react-query';
import { SocketClient, socketUrl } from '../../lib/socket';
import { useAuth } from '../../state/auth';
import { readingChat } from '../../state/conversations/reading';
import { reportRead, resendWaiting } from '../../state/messages/api';
import { outbox } from '../../state/messages/outbox';
import { resendWaitingUploads } from '../media/send-file';
import { createDispatcher, isKnownFrame, refreshAfterBind } from './dispatch';
import { useConnection } from '../../state/connection';
import { notifyNewMessage } from './notify';
import { takeOverFromClosedTabs } from './other-tabs';
import { notifyCall, notifyMessage } from '../pwa/system-notify';
import { systemUnread } from '../../state/system-unread';

/**
 * The one socket of the app: started when a session exists, stopped on logout; woken when the
 * page is shown again or the network returns; closed politely when the page goes away.
 */
export interface RealtimeOptions {
  qc: QueryClient;
  /** Forced offline: tell the user, then log out to the login page. */
  onKicked(): void;
}

let client: SocketClient | null = null;

export function startRealtime({ qc, onKicked }: RealtimeOptions): () => void {
  const dispatch = createDispatcher({
    qc,
    myId: () => useAuth.getState().userInfo?.user_id ?? null,
    readingChat,
    onKicked,
    onNotify: (contact, msg) => {
      const s = currentSettings();
      notifyNewMessage(contact, msg, s.isVoice !== false, s.isVibrate === true);
      notifyMessage(contact, msg, s.isVoice !== false);
    },
    onReadWhileOpen: (conversation, msgs) => reportRead(conversation, msgs),
    onSystemMessage: () => systemUnread.add(),
  });

  const socket = new SocketClient(
    socketUrl(),
    () => {
      const { token, userInfo } = useAuth.getState();
      return token && userInfo ? { token, userId: userInfo.user_id } : null;
    },
    {
      onEvent: (frame) => {
        dispatch(frame);
        // An incoming call while the page is hidden: a system notification (issue 22).
        if (isKnownFrame(frame) && frame.type === 'webrtc')
          notifyCall(frame.data, useAuth.getState().userInfo?.user_id ?? null, currentSettings().isVoice !== false);
      },
      onStatus: (status) => useConnection.setState({ status }),
      // Revoked elsewhere (password changed on another device, §2.3) or refused at bind: one API
      // call tells; its -1 answer takes this device to the login page.
      // A logout of this tab closes with 4003 too: wait, and probe only if still signed in as before.
      onClosed: (code) => {
        if (code !== CloseCode.revoked && code !== CloseCode.authFailed) return;
        const token = useAuth.getState().token;
        if (!token) return;
        setTimeout(() => {
          if (useAuth.getState().token === token) void endpoints.getAdminNotice().catch(() => undefined);
        }, 1500);
      },
      onReady: ({ clientId }) => {
        useAuth.getState().setClientId(clientId);
        // Anything sent before this bind (or while disconnected) is only in the server's rows.
        refreshAfterBind(qc);
        // Messages typed offline (or kept from before a reload) go now, in order (issue 22).
        void resendWaiting(qc).then(() => resendWaitingUploads(qc));
      },
    },
  );
  client = socket;
  // A send another open tab started and left unanswered when it closed is finished here (issue 22).
  const stopTakingOver = takeOverFromClosedTabs(qc);

  const sync = (token: string | null) => {
    if (token && socket.state === 'idle') socket.start();
    else if (!token && socket.state !== 'idle') socket.stop();
  };
  sync(useAuth.getState().token);
  const unsubscribe = useAuth.subscribe((s, prev) => {
    if (s.token !== prev.token) {
      if (prev.token && s.token) socket.stop(); // another account: bind again from scratch
      if (!s.token) {
        outbox.clear();
        systemUnread.clear();
      }
      sync(s.token);
    }
  });

  const onVisible = () => {
    if (document.visibilityState === 'visible') socket.wake();
  };
  const onOnline = () => socket.wake();
  const onLeave = () => socket.stop();
  // Back from the back/forward cache: the socket was closed on pagehide.
  const onShow = (e: PageTransitionEvent) => {
    if (e.persisted) sync(useAuth.getState().token);
  };
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('pageshow', onShow);
  window.addEventListener('online', onOnline);
  window.addEventListener('pagehide', onLeave);
  window.addEventListener('beforeunload', onLeave);

  return () => {
    stopTakingOver();
    unsubscribe();
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('pagehide', onLeave);
    window.removeEventListener('beforeunload', onLeave);
    window.removeEventListener('pageshow', onShow);
    socket.stop();
    client = null;
  };
}

/** "Tap to retry" on the network-down banner. */
export function wakeRealtime(): void {
  client?.wake();
}
