import type { Contact } from '@parley/protocol';
import { keyOf } from './model';

/**
 * Presence pushes (`isOnline`) that arrive while getContacts is on its way. The server may have
 * read the list before the change they announce, and the answer would then put the old flag back
 * over the patch the push made: a colleague who came online while the list was being read again
 * (a newcomer, a reconnect) stayed grey. So while a read is under way the pushes are kept, and laid
 * over its answer; a later push patches the listed row as usual.
 */
let readsUnderWay = 0;
let seq = 0;
const heard = new Map<string, { online: 0 | 1; seq: number }>();

/** From the `isOnline` push, beside the patch of the listed row. */
export function notePresence(id: number | string, online: boolean): void {
  if (readsUnderWay > 0) heard.set(keyOf(id), { online: online ? 1 : 0, seq: ++seq });
}

/** Runs a read of the list and lays the presence heard meanwhile over its answer. */
export async function withPresenceHeard(read: () => Promise<Contact[]>): Promise<Contact[]> {
  readsUnderWay += 1;
  const from = seq;
  try {
    const list = await read();
    return list.map((c) => {
      const h = heard.get(keyOf(c.id));
      return h && h.seq > from && c.is_online !== h.online ? { ...c, is_online: h.online } : c;
    });
  } finally {
    readsUnderWay -= 1;
    if (readsUnderWay === 0) heard.clear();
  }
}
