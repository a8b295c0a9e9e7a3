import type { QueryClient } from '@tanstack/react-query';
import { tabLocksAvailable } from '../../lib/tab-lock';
import { flushOutbox } from '../../state/messages/api';
import { outbox } from '../../state/messages/outbox';
import { takeOverUpload } from '../media/send-file';

/**
 * Issue 22, a tab closed mid-send: every tab sees the shared outbox, but only the tab that
 * holds the send lock sends. When another tab says it is sending something, this tab queues
 * for that lock; the lock is free once that tab is done, or gone (closed, crashed, reloaded).
 * Then whatever the device still holds as unsent is this tab's to send, with the same id (so it
 * is stored once, PROTOCOL §4.4), as WeChat and Telegram finish a send the user started. Without
 * Web Locks there is no telling a closed tab from a busy one, so nothing is taken over.
 */
export function takeOverFromClosedTabs(qc: QueryClient): () => void {
  if (!tabLocksAvailable()) return () => undefined;
  outbox.whenOthersSend((p) => {
    // Texts: the text lock; what the other tab delivered meanwhile is gone from the device.
    if (!p.upload) void flushOutbox(qc);
    else void takeOverUpload(qc, p);
  });
  return () => outbox.whenOthersSend(null);
}
