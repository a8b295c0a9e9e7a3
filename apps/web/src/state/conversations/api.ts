import { useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Contact } from '@parley/protocol';
import { endpoints } from '../../lib/endpoints';
import { queryClient as appQueryClient } from '../../lib/query-client';
import { useAuth } from '../auth';
import { withPresenceHeard } from './presence-overlay';
import { findContact, keepFriendshipLines, keyOf, patchContact, totalUnread, type ContactsData } from './model';

/** Conversations (getContacts) in the query cache; every list change goes through here. */

export const contactsKey = ['contacts'] as const;

async function fetchContacts({ client }: { client: QueryClient }): Promise<ContactsData> {
  let count = 0;
  const fresh = await withPresenceHeard(async () => {
    const env = await endpoints.getContacts();
    count = Number(env.count) || 0;
    return Array.isArray(env.data) ? env.data : [];
  });
  const before = client.getQueryData<ContactsData>(contactsKey)?.contacts;
  return { contacts: keepFriendshipLines(fresh, before), pendingFriends: count };
}

/** The list query's function, for tests that run it against a client of their own. */
export const fetchContactsForTest = fetchContacts;

export function useContacts() {
  const loggedIn = useAuth((s) => s.token !== null);
  return useQuery({ queryKey: contactsKey, queryFn: fetchContacts, enabled: loggedIn });
}

/** One conversation: from the list when it is there, else getContactInfo (e.g. a new chat). */
export function useConversation(id: string) {
  const list = useContacts();
  const listed = findContact(list.data, id);
  const info = useQuery({
    queryKey: ['contactInfo', id],
    queryFn: () => endpoints.getContactInfo(id),
    enabled: list.isFetched && !listed,
    staleTime: 60_000,
  });
  return listed ?? info.data;
}

/** Total of spec §4 for the home tab badge; 0 while nothing is loaded. */
export function useTotalUnread(): number {
  const { data } = useContacts();
  return data ? totalUnread(data.contacts) : 0;
}

export function updateContacts(qc: QueryClient, fn: (d: ContactsData) => ContactsData): void {
  qc.setQueryData<ContactsData>(contactsKey, (d) => (d ? fn(d) : d));
}

export function patchConversation(qc: QueryClient, id: number | string, patch: Partial<Contact>): void {
  updateContacts(qc, (d) => patchContact(d, id, patch));
}

type Change = { contact: Contact; patch: Partial<Contact>; call: () => Promise<unknown> };

/**
 * Pin, mute and delete are applied at once and reconciled by the setChatTop / setIsNotice
 * events; a failure puts the row back the way it was.
 */
export function useConversationAction(qc: QueryClient = appQueryClient) {
  return useMutation({
    mutationFn: ({ call }: Change) => call(),
    onMutate: ({ contact, patch }: Change) => {
      const before = findContact(qc.getQueryData<ContactsData>(contactsKey), contact.id);
      patchConversation(qc, contact.id, patch);
      return { before };
    },
    onError: (_e, { contact }, ctx) => {
      if (ctx?.before) patchConversation(qc, contact.id, ctx.before);
      else void qc.invalidateQueries({ queryKey: contactsKey });
    },
  });
}

export const conversationActions = {
  pin: (contact: Contact): Change => {
    const is_top = contact.is_top ? 0 : 1;
    return { contact, patch: { is_top }, call: () => endpoints.setChatTop(contact.id, is_top) };
  },
  mute: (contact: Contact): Change => {
    const is_notice = contact.is_notice ? 0 : 1;
    return { contact, patch: { is_notice }, call: () => endpoints.isNotice(contact.id, is_notice) };
  },
  /** The server hides it until a newer message; so does the list here. */
  remove: (contact: Contact): Change => ({
    contact,
    patch: { lastContent: '', unread: 0, is_at: 0 },
    call: () => endpoints.delChat(contact.id),
  }),
};

/**
 * Opening a chat reads it: the server marks it read in getMessageList; the list follows. Not the
 * mentions: those off the page stay unread on the server, and the `atMsgList` push, which may
 * come before or after this answer, says how many (clearing them here lost that push's count).
 */
export function markConversationRead(qc: QueryClient, id: number | string): void {
  const c = findContact(qc.getQueryData<ContactsData>(contactsKey), id);
  if (c && c.unread > 0) patchConversation(qc, keyOf(id), { unread: 0 });
}
