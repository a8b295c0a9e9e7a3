import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { defaultSystemInfo, type SelfInfo } from '@parley/protocol';
import '../../../i18n';
import { renderApp, type FakeFetch } from '../../../test/render-app';
import { useAuth } from '../../../state/auth';

const me = { user_id: 1, account: 'alice01', realname: 'Alice', displayName: 'Alice', avatar: '' } as SelfInfo;
const card = (id: number, friend: unknown) => ({
  id,
  user_id: id,
  account: 'dav******01',
  realname: 'Dave',
  displayName: 'Dave',
  avatar: '',
  sex: 1,
  motto: 'Hi there',
  email: '',
  name_py: 'dave',
  location: 'Shanghai',
  last_login_ip: '',
  is_online: 0,
  friend,
});
type Call = { path: string; body: Record<string, unknown> };

function server(calls: Call[], friend: unknown, fail?: string): FakeFetch {
  return async (url, init) => {
    const path = String(url);
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    calls.push({ path, body });
    let data: unknown = '';
    if (path.endsWith('/getSystemInfo')) data = defaultSystemInfo; // runMode 2
    if (path.endsWith('/getContacts')) data = [];
    if (path.endsWith('/getUserInfo')) {
      if (fail)
        return new Response(JSON.stringify({ code: 400, msg: fail, count: 0, data: '', page: 0 }), { status: 200 });
      data = card(4, friend);
    }
    return new Response(JSON.stringify({ code: 0, msg: '', count: 0, data, page: 1 }), { status: 200 });
  };
}

afterEach(() => {
  cleanup();
  useAuth.getState().clear();
});

describe('user info', () => {
  it('a stranger can be asked with a request text, and cannot be messaged yet', async () => {
    useAuth.getState().setSession('bearer t', me);
    const calls: Call[] = [];
    await renderApp('/pages/contacts/detail?id=4', server(calls, ''));
    await screen.findByTestId('detail-add-friend');
    expect(screen.getByTestId('detail-account').textContent).toContain('dav******01');
    expect(screen.queryByTestId('detail-send-message')).toBeNull();
    expect(screen.queryByTestId('detail-delete')).toBeNull();

    fireEvent.click(screen.getByTestId('detail-add-friend'));
    const text = (await screen.findByTestId('friend-apply-remark')) as HTMLTextAreaElement;
    expect(text.value).toBe('我是Alice');
    fireEvent.change(text, { target: { value: 'From the design team' } });
    await act(async () => fireEvent.click(screen.getByTestId('friend-apply-submit')));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/friend/add'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/friend/add'))?.body).toEqual({
      user_id: 4,
      remark: 'From the design team',
    });
  });

  it('a friend offers message, remark and delete', async () => {
    useAuth.getState().setSession('bearer t', me);
    const friend = { friend_id: 9, nickname: '', status: 1, is_top: 0, is_notice: 1, create_time: 1 };
    await renderApp('/pages/contacts/detail?id=4', server([], friend));
    await screen.findByTestId('detail-send-message');
    expect(screen.getByTestId('detail-remark')).toBeTruthy();
    expect(screen.getByTestId('detail-delete')).toBeTruthy();
    expect(screen.queryByTestId('detail-add-friend')).toBeNull();
  });

  it('shows the department and position (PROTOCOL §18), and nothing when there are none', async () => {
    useAuth.getState().setSession('bearer t', me);
    const base = server([], '');
    const placed: FakeFetch = async (url, init) => {
      if (!String(url).endsWith('/getUserInfo')) return base(url, init);
      const data = { ...card(4, ''), dep_id: 3, dep_name: '前端组', position: '组长' };
      return new Response(JSON.stringify({ code: 0, msg: '', count: 0, data, page: 1 }), { status: 200 });
    };
    await renderApp('/pages/contacts/detail?id=4', placed);
    expect((await screen.findByTestId('detail-department')).textContent).toBe('前端组');
    expect(screen.getByTestId('detail-position').textContent).toBe('组长');
    cleanup();
    await renderApp('/pages/contacts/detail?id=4', server([], ''));
    await screen.findByTestId('detail-name');
    expect(screen.queryByTestId('detail-department')).toBeNull();
    expect(screen.queryByTestId('detail-position')).toBeNull();
  });

  it("an unknown user shows the server's words", async () => {
    useAuth.getState().setSession('bearer t', me);
    await renderApp('/pages/contacts/detail?id=4', server([], '', '联系人不存在'));
    expect((await screen.findByTestId('detail-error')).textContent).toContain('联系人不存在');
  });
});

describe('a sent friend request', () => {
  it('turns the add button into a disabled "request sent", also when the card is opened again', async () => {
    useAuth.getState().setSession('bearer t', me);
    let asked = false;
    const base = server([], '');
    const fetcher: FakeFetch = async (url, init) => {
      const path = String(url);
      if (path.endsWith('/friend/add')) asked = true;
      if (path.endsWith('/friend/index')) {
        const row = {
          friend_id: 3,
          create_user: 1,
          friend_user_id: 4,
          status: 2,
          remark: 'hi',
          create_time: 1,
          is_group: 0,
        };
        return new Response(JSON.stringify({ code: 0, msg: '', count: 0, data: asked ? [row] : [], page: 1 }), {
          status: 200,
        });
      }
      return base(url, init);
    };
    await renderApp('/pages/contacts/detail?id=4', fetcher);
    const button = (await screen.findByTestId('detail-add-friend')) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    await screen.findByTestId('friend-apply-remark');
    await act(async () => fireEvent.click(screen.getByTestId('friend-apply-submit')));
    await waitFor(() => expect(screen.getByTestId('detail-add-friend').getAttribute('data-requested')).toBe('1'));
    expect(screen.getByTestId('detail-add-friend').textContent).toContain('已发送申请');
    expect((screen.getByTestId('detail-add-friend') as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    // Reopened later (a fresh app): the sent list still says so.
    await renderApp('/pages/contacts/detail?id=4', fetcher);
    await waitFor(() => expect(screen.getByTestId('detail-add-friend').getAttribute('data-requested')).toBe('1'));
  });
});
