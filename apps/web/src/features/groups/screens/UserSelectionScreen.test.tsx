import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { defaultSystemInfo, type SelfInfo } from '@parley/protocol';
import { renderApp, type FakeFetch } from '../../../test/render-app';
import { useAuth } from '../../../state/auth';

const me = { user_id: 1, account: 'alice01', realname: 'Alice', displayName: 'Alice', avatar: '' } as SelfInfo;
const person = (id: number, name: string, disabled = 0) => ({
  user_id: id,
  id,
  realname: name,
  displayName: name,
  account: name.toLowerCase(),
  avatar: '',
  name_py: name.toLowerCase(),
  disabled,
});

/** A fake server: members of group-5 are 1 and 2; my contacts are 2–5. Records every call. */
function server(calls: { path: string; body: Record<string, unknown> }[]): FakeFetch {
  return async (url, init) => {
    const path = String(url);
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    calls.push({ path, body });
    let data: unknown = '';
    if (path.endsWith('/getSystemInfo')) data = defaultSystemInfo;
    if (path.endsWith('/groupUserList'))
      data = [
        { user_id: 1, role: 1 },
        { user_id: 2, role: 3 },
      ];
    if (path.endsWith('/getAllUser')) {
      const chosen = (body.user_ids as number[] | undefined) ?? [];
      data = [person(2, 'Bob'), person(3, 'Carol'), person(4, 'Dave'), person(5, 'Erin')].map((p) => ({
        ...p,
        disabled: chosen.includes(p.user_id) ? 1 : 0,
      }));
    }
    if (path.endsWith('/group/add')) data = { id: 'group-9', is_group: 1, displayName: 'New', role: 1 };
    return new Response(JSON.stringify({ code: 0, msg: '', count: 0, data, page: 1 }), { status: 200 });
  };
}

const row = (id: number) =>
  screen.getAllByTestId('select-row').find((r) => r.getAttribute('data-id') === String(id)) as HTMLButtonElement;

afterEach(() => {
  cleanup();
  useAuth.getState().clear();
});

describe('user selection', () => {
  it('adding members: existing members are disabled, and no more than max can be chosen', async () => {
    useAuth.getState().setSession('bearer t', me);
    const calls: { path: string; body: Record<string, unknown> }[] = [];
    await renderApp('/pages/index/userSelection?mode=addMembers&id=group-5&max=2', server(calls));
    await screen.findAllByTestId('select-row');
    expect(row(2).disabled).toBe(true);
    fireEvent.click(row(2));
    fireEvent.click(row(3));
    fireEvent.click(row(4));
    fireEvent.click(row(5)); // over the limit of 2: refused
    expect(row(5).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByTestId('select-confirm').textContent).toContain('2');
    await act(async () => fireEvent.click(screen.getByTestId('select-confirm')));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/addGroupUser'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/addGroupUser'))?.body).toMatchObject({
      id: 'group-5',
      user_ids: [3, 4],
    });
  });

  it('creating a group needs two others; then it opens the new chat', async () => {
    useAuth.getState().setSession('bearer t', me);
    const calls: { path: string; body: Record<string, unknown> }[] = [];
    const { router } = await renderApp('/pages/index/userSelection?mode=createGroup', server(calls));
    await screen.findAllByTestId('select-row');
    fireEvent.click(row(3));
    await act(async () => fireEvent.click(screen.getByTestId('select-confirm')));
    expect(calls.some((c) => c.path.endsWith('/group/add'))).toBe(false);
    fireEvent.change(screen.getByTestId('select-search'), { target: { value: 'da' } });
    expect(screen.getAllByTestId('select-row').map((r) => r.getAttribute('data-id'))).toEqual(['4']);
    fireEvent.click(row(4));
    fireEvent.change(screen.getByTestId('group-name-input'), { target: { value: 'Project' } });
    await act(async () => fireEvent.click(screen.getByTestId('select-confirm')));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/message/chat'));
    expect(router.state.location.search).toBe('?id=group-9');
    expect(calls.find((c) => c.path.endsWith('/group/add'))?.body).toMatchObject({ user_ids: [3, 4], name: 'Project' });
  });
});
