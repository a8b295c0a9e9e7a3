import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import { deviceStore } from '../../lib/device-store';
import { contactsKey } from '../../state/conversations/api';
import type { ContactsData } from '../../state/conversations/model';
import { messagesKey } from '../../state/messages/api';
import type { MessagesData } from '../../state/messages/model';

/**
 * The offline copy of what was read (issue 22): the conversation list and the newest rows of each
 * chat, kept in IndexedDB as they change in the query cache and put back at start, so the app
 * opens and reads with the server unreachable. Server data still lives in TanStack Query only;
 * this is its snapshot. Restored chats count as stale: opening one online re-reads its newest
 * page as before, offline it shows the copy.
 */
interface Snapshot {
  owner: number;
  savedAt: number;
  data: ContactsData | MessagesData;
}

const store = deviceStore<Snapshot>('cache');
/** The newest rows of a chat that stay on the device (a few screens' worth). */
const keptRows = 60;
/** Chats kept; the least recently saved go first. */
const keptChats = 50;
const DEBOUNCE_MS = 400;

const isContacts = (k: QueryKey) => k.length === 1 && k[0] === contactsKey[0];
const isMessages = (k: QueryKey): k is readonly ['messages', string] =>
  k.length === 2 && k[0] === 'messages' && typeof k[1] === 'string';
const storageKey = (k: QueryKey) => (isContacts(k) ? 'contacts' : `messages:${String(k[1])}`);

function trimmed(d: MessagesData): MessagesData {
  // A window far back in history (hasNewer) is not "recent": keep nothing rather than a gap.
  if (d.hasNewer) return { messages: [], hasMore: true };
  const messages = d.messages.slice(-keptRows);
  return { messages, hasMore: d.hasMore || messages.length < d.messages.length };
}

/**
 * What a snapshot must look like to be shown (ARCHITECTURE §1.5: persisted client storage is
 * validated when read). A copy from an older build or of a broken answer is dropped, never
 * rendered: the screens would throw on it before the fresh copy arrives.
 */
const contactsSchema = z.object({
  contacts: z.array(
    z.looseObject({
      id: z.union([z.number(), z.string()]),
      displayName: z.string(),
      avatar: z.string(),
      lastContent: z.string(),
      type: z.string(),
      lastSendTime: z.number(),
      unread: z.number(),
    }),
  ),
  pendingFriends: z.number(),
});
const messagesSchema = z.object({
  messages: z.array(
    z.looseObject({ id: z.string(), msg_id: z.number(), type: z.string(), content: z.string(), sendTime: z.number() }),
  ),
  hasMore: z.boolean(),
  hasNewer: z.boolean().optional(),
});

export async function restoreOfflineCache(qc: QueryClient, owner: number): Promise<void> {
  const rows = await store.entries();
  for (const [key, snap] of rows) {
    if (snap?.owner !== owner) continue;
    if (key === 'contacts') {
      const ok = contactsSchema.safeParse(snap.data);
      if (ok.success) qc.setQueryData(contactsKey, snap.data as ContactsData, { updatedAt: snap.savedAt });
      else void store.del(key);
    } else if (key.startsWith('messages:')) {
      const ok = messagesSchema.safeParse(snap.data);
      if (ok.success)
        qc.setQueryData(messagesKey(key.slice('messages:'.length)), snap.data as MessagesData, {
          updatedAt: snap.savedAt,
        });
      else void store.del(key);
    }
  }
  // Chats are fresh forever once loaded (state/messages/api.ts); restored ones are re-read when opened.
  await qc.invalidateQueries({ queryKey: ['messages'], refetchType: 'none' });
}

/** Follows the query cache and writes changed chats and the list; returns the unsubscribe. */
export function keepOfflineCache(qc: QueryClient, owner: () => number | null): () => void {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const write = async (key: QueryKey) => {
    const me = owner();
    const data = qc.getQueryData<ContactsData | MessagesData>(key);
    if (me === null || !data) return;
    const snapshot = isContacts(key) ? data : trimmed(data as MessagesData);
    await store.set(storageKey(key), { owner: me, savedAt: Date.now(), data: snapshot });
    if (isMessages(key)) await prune();
  };
  // A change is written at once unless its key was written in the last DEBOUNCE_MS; then one write
  // at the end of that window takes every change made meanwhile. A lone change (a new friend's row,
  // a chat deleted) is on the device before a person could reload; a busy chat still writes at
  // most twice per window. (A debounce alone left a reload within it to the pagehide flush, whose
  // write Chromium may drop as the page goes: the new friend's row came back without its line.)
  const lastWrite = new Map<string, number>();
  const unsubscribe = qc.getQueryCache().subscribe((e) => {
    if (e.type !== 'updated' || e.action.type !== 'success') return;
    const key = e.query.queryKey;
    if (!isContacts(key) && !isMessages(key)) return;
    const name = storageKey(key);
    pending.set(name, key);
    if (timers.has(name)) return; // the window's write is due and reads the newest data
    const run = () => {
      timers.delete(name);
      pending.delete(name);
      lastWrite.set(name, Date.now());
      void write(key);
    };
    const wait = (lastWrite.get(name) ?? -Infinity) + DEBOUNCE_MS - Date.now();
    if (wait <= 0) run();
    else timers.set(name, setTimeout(run, wait));
  });
  // Leaving or reloading the page writes what is still waiting: a row deleted or hidden just
  // before a reload must not come back from the device copy.
  const pending = new Map<string, QueryKey>();
  const flush = () => {
    for (const [name, key] of pending) {
      clearTimeout(timers.get(name));
      timers.delete(name);
      void write(key);
    }
    pending.clear();
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onHidden);
  return () => {
    unsubscribe();
    window.removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', onHidden);
    for (const t of timers.values()) clearTimeout(t);
  };
}

async function prune(): Promise<void> {
  const chats = (await store.entries()).filter(([k]) => k.startsWith('messages:'));
  if (chats.length <= keptChats) return;
  chats.sort((a, b) => b[1].savedAt - a[1].savedAt);
  await Promise.all(chats.slice(keptChats).map(([k]) => store.del(k)));
}

/** Sign-out: the device forgets what was read. */
export function clearOfflineCache(): Promise<void> {
  return store.clear();
}
