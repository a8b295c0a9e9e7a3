import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { defaultSystemInfo, type SelfInfo } from '@parley/protocol';
import '../../../i18n';
import { renderApp, type FakeFetch } from '../../../test/render-app';
import { useAuth } from '../../../state/auth';
import { systemUnread, useSystemUnread } from '../../../state/system-unread';

const me = { user_id: 1, account: 'alice01', realname: 'Alice', displayName: 'Alice', avatar: '' } as SelfInfo;
const who = (id: number, name: string) => ({
  id,
  user_id: id,
  realname: name,
  displayName: name,
  account: `${name}01`,
  avatar: '',
  name_py: name.toLowerCase(),
});
const now = Math.floor(Date.now() / 1000);
const received = [
  {
    friend_id: 10,
    create_user: 2,
    friend_user_id: 1,
    status: 2,
    remark: 'I am Bob from sales',
    create_time: now - 60,
    is_group: 0,
    create_user_info: who(2, 'Bob'),
    user_id_info: who(1, 'Alice'),
  },
  {
    friend_id: 11,
    create_user: 3,
    friend_user_id: 1,
    status: 2,
    remark: '',
    create_time: now - 3600,
    is_group: 0,
    create_user_info: who(3, 'Carol'),
    user_id_info: who(1, 'Alice'),
  },
];
const sent = [
  {
    friend_id: 20,
    create_user: 1,
    friend_user_id: 4,
    status: 2,
    remark: 'hi',
    create_time: now,
    is_group: 0,
    create_user_info: who(1, 'Alice'),
    user_id_info: who(4, 'Dave'),
  },
];

type Call = { path: string; body: Record<string, unknown> };

/** A fake server holding the request rows; `update` changes them as the real one would. */
function server(calls: Call[]): FakeFetch {
  return async (url, init) => {
    const path = String(url);
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    calls.push({ path, body });
    let data: unknown = '';
    let count = 0;
    if (path.endsWith('/getSystemInfo')) data = defaultSystemInfo;
    if (path.endsWith('/friend/index')) data = body.is_mine === 1 ? sent : received;
    if (path.endsWith('/getContacts')) {
      data = [];
      count = received.filter((r) => r.status === 2).length;
    }
    if (path.endsWith('/friend/update')) {
      const row = received.find((r) => r.friend_id === body.friend_id);
      if (row) row.status = Number(body.status);
    }
    return new Response(JSON.stringify({ code: 0, msg: '', count, data, page: 1 }), { status: 200 });
  };
}

const request = (id: number) =>
  screen.getAllByTestId('friend-request').find((r) => r.getAttribute('data-id') === String(id)) as HTMLElement;

afterEach(() => {
  cleanup();
  useAuth.getState().clear();
  received.forEach((r) => (r.status = 2));
});

describe('new friends', () => {
  it('accepting a request tells the server and shows it as added at once', async () => {
    useAuth.getState().setSession('bearer t', me);
    systemUnread.add();
    const calls: Call[] = [];
    await renderApp('/pages/contacts/friend', server(calls));
    await screen.findAllByTestId('friend-request');
    // Opening the page reads the pushed requests.
    expect(useSystemUnread.getState().count).toBe(0);
    expect(request(10).textContent).toContain('Bob');
    expect(request(10).textContent).toContain('I am Bob from sales');

    await act(async () => fireEvent.click(request(10).querySelector('[data-testid="friend-accept"]') as HTMLElement));
    await waitFor(() => expect(request(10).getAttribute('data-status')).toBe('1'));
    expect(calls.find((c) => c.path.endsWith('/friend/update'))?.body).toEqual({ friend_id: 10, status: 1 });
    expect(request(10).querySelector('[data-testid="friend-accept"]')).toBeNull();
    expect(request(10).textContent).toContain('已添加');
    // The other request is untouched and can still be answered.
    expect(request(11).getAttribute('data-status')).toBe('2');
    expect(request(11).querySelector('[data-testid="friend-refuse"]')).not.toBeNull();
  });

  it('refusing marks the row refused; the sent tab shows my requests as waiting', async () => {
    useAuth.getState().setSession('bearer t', me);
    const calls: Call[] = [];
    await renderApp('/pages/contacts/friend', server(calls));
    await screen.findAllByTestId('friend-request');
    await act(async () => fireEvent.click(request(11).querySelector('[data-testid="friend-refuse"]') as HTMLElement));
    await waitFor(() => expect(request(11).getAttribute('data-status')).toBe('0'));
    expect(calls.find((c) => c.path.endsWith('/friend/update'))?.body).toEqual({ friend_id: 11, status: 0 });

    await act(async () => fireEvent.click(screen.getByTestId('friend-tab-sent')));
    await waitFor(() =>
      expect(screen.getAllByTestId('friend-request').map((r) => r.getAttribute('data-id'))).toEqual(['20']),
    );
    expect(request(20).textContent).toContain('Dave');
    expect(request(20).textContent).toContain('等待验证');
    expect(request(20).querySelector('[data-testid="friend-accept"]')).toBeNull();
  });
});
