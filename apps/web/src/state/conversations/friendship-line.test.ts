import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Contact } from '@parley/protocol';
import { contact } from './fixtures';
import { homeConversations, type ContactsData } from './model';

let answer: Contact[] = [];
vi.mock('../../lib/endpoints', () => ({
  endpoints: { getContacts: () => Promise.resolve({ code: 0, msg: '', data: answer, count: 0 }) },
}));
const { contactsKey, fetchContactsForTest } = await import('./api');

/**
 * Issue 42 #8: a friend just accepted arrives as `appendContact` with "you are now friends";
 * getContacts answers that chat (no messages yet) with lastContent "", which home hides.
 */
const nowFriends = contact(7, { displayName: 'Dave', lastContent: '你们已经是好友了', type: 'event' });
const system = contact('admin_notice', { is_group: 2, lastContent: '0条公告' });

/** The list read again (a refetch after any list event), through the list query's own function. */
async function refetch(qc: QueryClient): Promise<Contact[]> {
  const data = await qc.fetchQuery({ queryKey: contactsKey, queryFn: fetchContactsForTest, staleTime: 0 });
  return homeConversations(data.contacts);
}

function clientWith(contacts: Contact[]): QueryClient {
  const qc = new QueryClient();
  qc.setQueryData<ContactsData>(contactsKey, { contacts, pendingFriends: 0 });
  return qc;
}

afterEach(() => {
  answer = [];
});

describe("a new friend's row on home", () => {
  it('stays after the list is read again, with its "now friends" line', async () => {
    const qc = clientWith([system, nowFriends]);
    answer = [system, { ...nowFriends, lastContent: '', type: 'text', lastSendTime: 2_000_000_000_000 }];
    const rows = await refetch(qc);
    expect(rows.map((c) => [c.id, c.lastContent])).toContainEqual([7, '你们已经是好友了']);
  });

  it('gives way to the first message', async () => {
    const qc = clientWith([system, nowFriends]);
    answer = [system, { ...nowFriends, lastContent: 'hello', type: 'text' }];
    expect((await refetch(qc)).find((c) => c.id === 7)?.lastContent).toBe('hello');
  });

  it('stays hidden once I removed it from home (delChat)', async () => {
    const qc = clientWith([system, { ...nowFriends, lastContent: '' }]);
    answer = [system, { ...nowFriends, lastContent: '', type: 'text' }];
    expect((await refetch(qc)).map((c) => c.id)).not.toContain(7);
  });

  it('does not bring back a person who never had a line (an address-book contact without a chat)', async () => {
    const qc = clientWith([system, contact(9, { lastContent: '' })]);
    answer = [system, contact(9, { lastContent: '' })];
    expect((await refetch(qc)).map((c) => c.id)).not.toContain(9);
  });
});
