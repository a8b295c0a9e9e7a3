import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { Message } from '@parley/protocol';
import { message } from '../../state/conversations/fixtures';

/**
 * A server of chats in memory: getMessageList answers as the real one does (up to `limit` rows
 * below `last_id`, oldest first). Rows added here while "disconnected" are never pushed.
 */
const server = new Map<string, Message[]>();
const asked: { chat: string; last_id?: number }[] = [];
let nextId = 1;
vi.mock('../../lib/endpoints', () => ({
  endpoints: {
    getMessageList: async (input: { toContactId: string; limit: number; last_id?: number }) => {
      asked.push({ chat: input.toContactId, ...(input.last_id ? { last_id: input.last_id } : {}) });
      const rows = (server.get(input.toContactId) ?? []).filter((m) => !input.last_id || m.msg_id < input.last_id);
      return { code: 0, msg: '', data: rows.slice(-input.limit) };
    },
  },
}));

const { useMessages, addToChat, loadOlder, messagesKey } = await import('../../state/messages/api');
const { refreshAfterBind } = await import('./dispatch');
type MessagesData = import('../../state/messages/model').MessagesData;

function post(chat: string, n = 1): Message[] {
  const rows = Array.from({ length: n }, () => {
    const id = nextId++;
    return message({
      id: `${chat}-${id}`,
      msg_id: id,
      from: Number(chat),
      toContactId: Number(chat),
      content: `m${id}`,
    });
  });
  server.set(chat, [...(server.get(chat) ?? []), ...rows]);
  return rows;
}

function open(qc: QueryClient, chat: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>{children}</QueryClientProvider>
  );
  return renderHook(() => useMessages(qc, chat), { wrapper });
}

const ids = (qc: QueryClient, chat: string) =>
  qc.getQueryData<MessagesData>(messagesKey(chat))?.messages.map((m) => m.msg_id) ?? [];

describe('chats cached in memory across a reconnect', () => {
  let qc: QueryClient;
  beforeEach(() => {
    qc = new QueryClient();
    server.clear();
    asked.length = 0;
    nextId = 1;
  });
  afterEach(cleanup);

  it('shows what was sent to another chat while disconnected when that chat is opened again', async () => {
    post('2', 3);
    post('3', 3);
    post('4', 3);
    const b = open(qc, '3');
    await waitFor(() => expect(b.result.current.data?.messages).toHaveLength(3));
    b.unmount();
    const c = open(qc, '4');
    await waitFor(() => expect(c.result.current.data?.messages).toHaveLength(3));
    c.unmount();
    const a = open(qc, '2');
    await waitFor(() => expect(a.result.current.data?.messages).toHaveLength(3));

    // The socket drops; meanwhile the server stores a message for B (and A), pushed to nobody.
    const [missed] = post('3');
    post('2');
    asked.length = 0;
    refreshAfterBind(qc);
    // The open chat is re-read now; the others wait until shown.
    await waitFor(() => expect(a.result.current.data?.messages).toHaveLength(4));
    expect(asked.map((q) => q.chat)).toEqual(['2']);

    const again = open(qc, '3');
    await waitFor(() => expect(again.result.current.data?.messages.map((m) => m.id)).toContain(missed?.id));
    expect(asked.map((q) => q.chat)).toEqual(['2', '3']);
  }, 15_000);

  it('fills a hole wider than a page under a push that came after the reconnect, keeping older pages', async () => {
    post('3', 30);
    const b = open(qc, '3');
    await waitFor(() => expect(b.result.current.data?.messages).toHaveLength(20));
    await loadOlder(qc, '3');
    expect(ids(qc, '3')).toHaveLength(30);
    b.unmount();

    post('3', 25); // sent while disconnected
    refreshAfterBind(qc);
    const [pushed] = post('3'); // pushed after the bind, on top of the hole
    if (pushed) addToChat(qc, '3', pushed);

    const again = open(qc, '3');
    await waitFor(() => expect(again.result.current.data?.messages).toHaveLength(56));
    expect(ids(qc, '3')).toEqual(Array.from({ length: 56 }, (_, i) => i + 1));
  }, 15_000);

  it('leaves a window opened far back in history as it is after a reconnect', async () => {
    post('3', 60);
    const b = open(qc, '3');
    await waitFor(() => expect(b.result.current.data?.messages).toHaveLength(20));
    b.unmount();
    refreshAfterBind(qc);
    // A history result opened this chat at an old message (history/jump.ts).
    qc.setQueryData<MessagesData>(messagesKey('3'), {
      messages: server.get('3')?.slice(5, 15) ?? [],
      hasMore: true,
      hasNewer: true,
    });
    asked.length = 0;
    const again = open(qc, '3');
    // A refetch on mount would have begun by now (renderHook flushes the mount's effects, and a
    // query marks itself fetching as it starts), so no sleep is needed to see that none began.
    expect(qc.getQueryState(messagesKey('3'))?.fetchStatus).toBe('idle');
    expect(asked).toEqual([]);
    expect(again.result.current.data?.messages[0]?.msg_id).toBe(6);
  });
});
