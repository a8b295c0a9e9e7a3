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

export async function startDeviceData(qc: QueryClient): Promise<() => void> {
  const me = userOf();
  if (me !== null) await Promise.all([restoreOfflineCache(qc, me), outbox.restore(me)]);
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
