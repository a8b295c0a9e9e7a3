import type { QueryClient } from '@tanstack/react-query';
import { useAuth } from '../../state/auth';
import { outbox } from '../../state/messages/outbox';
import { clearOfflineCache, keepOfflineCache, restoreOfflineCache } from './cache';

/**
 * The device's copy of the signed-in account (issue 22): restored before the first render (so a
 * start without network shows the last list and chats, and the unsent messages), kept while
 * signed in, and wiped at sign-out (the outbox itself is emptied by realtime.ts).
 */
const userOf = () => (useAuth.getState().token ? (useAuth.getState().userInfo?.user_id ?? null) : null);

export async function startDeviceData(qc: QueryClient, { atSignIn = false } = {}): Promise<() => void> {
  const me = userOf();
  // At a sign-in (main.tsx starts this only then for a visitor who came signed out) the fresh
  // answers are already arriving: keep from now on, as a sign-in within a running page does.
  if (me !== null && atSignIn) outbox.keepFor(me);
  else if (me !== null) await Promise.all([restoreOfflineCache(qc, me), outbox.restore(me)]);
  const stopKeeping = keepOfflineCache(qc, userOf);
  const unsubscribe = useAuth.subscribe((s, prev) => {
    const id = s.token ? (s.userInfo?.user_id ?? null) : null;
    const was = prev.token ? (prev.userInfo?.user_id ?? null) : null;
    if (id === was) return;
    if (was !== null) void clearOfflineCache();
    if (id !== null) outbox.keepFor(id);
  });
  return () => {
    stopKeeping();
    unsubscribe();
  };
}
