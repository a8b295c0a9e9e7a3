import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { defaultSystemInfo, type Message, type SelfInfo } from '@parley/protocol';
import { renderApp, type FakeFetch } from '../../../test/render-app';
import { useAuth } from '../../../state/auth';
import { contact, message } from '../../../state/conversations/fixtures';
import { testDispatcher } from '../../../test/dispatcher';
import { forgetAtList } from '../../groups/at-list';

/**
 * Issue 42 #1: B mentions A, then writes 20 more; A opens the group. The server pushes
 * `atMsgList` while it answers getMessageList, so the push reaches the client first. The pill
 * with the count must survive that answer, and walk the mentions oldest first.
 */
const me = { user_id: 1, account: 'alice01', realname: 'Alice', displayName: 'Alice', avatar: '' } as SelfInfo;
const gid = 'group-5';
const row = (msg_id: number, content: string, at: number[] = []): Message =>
  message({ id: `m${msg_id}`, msg_id, content, from: 2, toContactId: gid, is_group: 1, at });
const mention1 = row(3, '@Alice first', [1]);
const mention2 = row(7, '@all second', [0]);
const page = Array.from({ length: 20 }, (_, i) => row(30 + i, `chatter ${i}`));

type Call = { path: string; body: Record<string, unknown> };

function server(calls: Call[], pageAnswer: Promise<void>): FakeFetch {
  return async (url, init) => {
    const path = String(url);
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    calls.push({ path, body });
    let data: unknown = '';
    if (path.endsWith('/getSystemInfo')) data = defaultSystemInfo;
    if (path.endsWith('/getContacts')) data = [contact(gid, { displayName: 'Team', unread: 22, is_at: 2 })];
    if (path.endsWith('/getMessageList') && !body.is_at) {
      await pageAnswer;
      data = page;
    }
    if (path.endsWith('/getMessageContext')) {
      const target = [mention1, mention2].find((m) => m.msg_id === body.msg_id);
      data = target ? [target] : [];
    }
    return new Response(JSON.stringify({ code: 0, msg: '', count: 0, data, page: 1 }), { status: 200 });
  };
}

afterEach(() => {
  cleanup();
  useAuth.getState().clear();
  forgetAtList(gid);
});

describe('the mention jump in a group chat', () => {
  it('keeps the pushed count when the page answer comes after the push, and visits each mention oldest first', async () => {
    // The chat screen loads on demand: have it ready, as a warm cache would.
    await import('./ChatScreen');
    useAuth.getState().setSession('bearer t', me);
    const calls: Call[] = [];
    let answerPage = () => {};
    const pageAnswer = new Promise<void>((r) => (answerPage = r));
    const { queryClient } = await renderApp(`/pages/message/chat?id=${gid}`, server(calls, pageAnswer));
    // The rows the chat holds (happy-dom lays out nothing, so the virtual list draws none).
    const shown = () =>
      queryClient.getQueryData<{ messages: Message[] }>(['messages', gid])?.messages.map((m) => m.msg_id) ?? [];
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/getMessageList'))).toBe(true));

    // The server pushes the list of unread mentions before its getMessageList answer arrives.
    const dispatch = testDispatcher(queryClient, { readingChat: () => gid });
    act(() =>
      dispatch({ type: 'atMsgList', time: 1, data: { list: [mention2, mention1], count: 2, toContactId: gid } }),
    );
    await act(async () => answerPage());
    await waitFor(() => expect(shown()).toContain(49));

    const pill = await screen.findByTestId('at-me-pill');
    expect(screen.getByTestId('at-me-count').textContent).toBe('2');

    fireEvent.click(pill);
    await waitFor(() => expect(shown()).toContain(3));
    expect(calls.filter((c) => c.path.endsWith('/getMessageContext')).map((c) => c.body.msg_id)).toEqual([3]);
    await waitFor(() => expect(screen.getByTestId('at-me-count').textContent).toBe('1'));
    expect(calls.some((c) => c.path.endsWith('/readAtMsg'))).toBe(false);

    fireEvent.click(screen.getByTestId('at-me-pill'));
    await waitFor(() => expect(shown()).toContain(7));
    expect(calls.filter((c) => c.path.endsWith('/getMessageContext')).map((c) => c.body.msg_id)).toEqual([3, 7]);
    // The last one seen: the server hears it and the pill goes.
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/readAtMsg'))).toBe(true));
    expect(screen.queryByTestId('at-me-pill')).toBeNull();
  }, 20_000);
});
