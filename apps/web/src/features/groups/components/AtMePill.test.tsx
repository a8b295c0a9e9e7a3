import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import '../../../i18n';
import { configureApi } from '../../../lib/api-client';
import { contactsKey } from '../../../state/conversations/api';
import { useConversation } from '../../../state/conversations/api';
import { contact, message } from '../../../state/conversations/fixtures';
import { forgetAtList, rememberAtList } from '../at-list';
import { AtMePill } from './AtMePill';

const gid = 'group-5';
type Call = { path: string; body: Record<string, unknown> };

function setup(isAt: number, mentions: number[]) {
  const calls: Call[] = [];
  configureApi({
    fetch: async (url, init) => {
      const path = String(url);
      const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
      calls.push({ path, body });
      const data =
        path.endsWith('/getMessageList') && body.is_at === 1
          ? mentions.map((msg_id) => message({ msg_id, toContactId: gid, is_group: 1, at: [1] }))
          : '';
      return new Response(JSON.stringify({ code: 0, msg: '', count: 0, data, page: 1 }), { status: 200 });
    },
    isOnline: () => true,
    toast: () => {},
    getLanguage: () => 'zh-Hans',
  });
  const qc = new QueryClient();
  qc.setQueryData(contactsKey, { contacts: [contact(gid, { is_at: isAt })], pendingFriends: 0 });
  const jumped: number[] = [];
  const onJump = vi.fn(async (id: number) => (jumped.push(id), true));
  function Host() {
    const c = useConversation(gid);
    return c ? <AtMePill contact={c} onJump={onJump} /> : null;
  }
  render(
    <QueryClientProvider client={qc}>
      <Host />
    </QueryClientProvider>,
  );
  return { calls, jumped };
}

afterEach(() => {
  cleanup();
  forgetAtList(gid);
});

describe('the "someone mentioned you" pill', () => {
  it('is hidden without unread mentions', () => {
    setup(0, []);
    expect(screen.queryByTestId('at-me-pill')).toBeNull();
  });

  it('walks the pushed list oldest first, one mention per tap, then tells the server', async () => {
    rememberAtList(gid, [{ msg_id: 12 }, { msg_id: 4 }, { msg_id: 8 }]);
    const { calls, jumped } = setup(3, []);
    expect(screen.getByTestId('at-me-count').textContent).toBe('3');
    for (const left of ['2', '1']) {
      await act(async () => fireEvent.click(screen.getByTestId('at-me-pill')));
      await waitFor(() => expect(screen.getByTestId('at-me-count').textContent).toBe(left));
    }
    expect(calls.some((c) => c.path.endsWith('/readAtMsg'))).toBe(false);
    await act(async () => fireEvent.click(screen.getByTestId('at-me-pill')));
    await waitFor(() => expect(screen.queryByTestId('at-me-pill')).toBeNull());
    expect(jumped).toEqual([4, 8, 12]);
    expect(calls.filter((c) => c.path.endsWith('/readAtMsg')).map((c) => c.body.toContactId)).toEqual([gid]);
  });

  it('asks the server for the mentions when no list was pushed, and starts from the oldest', async () => {
    const { calls, jumped } = setup(2, [6, 3]);
    await act(async () => fireEvent.click(screen.getByTestId('at-me-pill')));
    await waitFor(() => expect(jumped).toEqual([3]));
    expect(calls.find((c) => c.path.endsWith('/getMessageList'))?.body).toMatchObject({ toContactId: gid, is_at: 1 });
    await waitFor(() => expect(screen.getByTestId('at-me-count').textContent).toBe('1'));
    await act(async () => fireEvent.click(screen.getByTestId('at-me-pill')));
    await waitFor(() => expect(jumped).toEqual([3, 6]));
  });
});
