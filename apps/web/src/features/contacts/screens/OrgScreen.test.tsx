import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { defaultSystemInfo, type Department, type OrgMember, type SelfInfo } from '@parley/protocol';
import '../../../i18n';
import { renderApp, type FakeFetch } from '../../../test/render-app';
import { useAuth } from '../../../state/auth';

const me = { user_id: 1, account: 'alice01', realname: 'Alice', displayName: 'Alice', avatar: '' } as SelfInfo;
const dep = (id: number, name: string, memberCount: number, parent_id: number, children: Department[] = []) => ({
  id,
  name,
  parent_id,
  sort: id,
  memberCount,
  children,
});
const tree: Department[] = [dep(1, '研发部', 3, 0, [dep(3, '前端组', 2, 1)]), dep(2, '财务部', 1, 0)];
const person = (user_id: number, realname: string, dep_id: number, dep_name: string, position: string): OrgMember => ({
  user_id,
  realname,
  displayName: realname,
  avatar: '',
  dep_id,
  dep_name,
  position,
  is_online: user_id === 5 ? 1 : 0,
});
const people = [
  person(1, 'Alice', 3, '前端组', '工程师'),
  person(5, 'Bob', 3, '前端组', '组长'),
  person(6, 'Carol', 1, '研发部', '总监'),
  person(7, 'Dan', 2, '财务部', '会计'),
];
type Call = { path: string; body: Record<string, unknown> };

function server(calls: Call[]): FakeFetch {
  return async (url, init) => {
    const path = String(url);
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    calls.push({ path, body });
    let data: unknown = '';
    let count = 0;
    if (path.endsWith('/getSystemInfo'))
      data = { ...defaultSystemInfo, sysInfo: { ...defaultSystemInfo.sysInfo, runMode: 1, name: '星河科技' } };
    if (path.endsWith('/getContacts')) data = [];
    if (path.endsWith('/getUserInfo'))
      data = { ...me, id: 1, dep_id: 3, dep_name: '前端组', position: '工程师', friend: '' };
    if (path.endsWith('/org/tree')) data = tree;
    if (path.endsWith('/org/members')) {
      const depId = Number(body.dep_id);
      const kw = String(body.keywords ?? '');
      const inDep = (m: OrgMember) =>
        body.recursive ? depId === 0 || m.dep_id === depId || (depId === 1 && m.dep_id === 3) : m.dep_id === depId;
      const rows = people.filter((m) => inDep(m) && m.realname.toLowerCase().includes(kw.toLowerCase()));
      data = rows;
      count = rows.length;
    }
    return new Response(JSON.stringify({ code: 0, msg: '', count, data, page: 1 }), { status: 200 });
  };
}

afterEach(() => {
  cleanup();
  useAuth.getState().clear();
});

// happy-dom lays nothing out, so the virtualised rows are never drawn here: these tests check the
// breadcrumb and what is asked of the server; e2e/tests/org.test.ts walks the rows in a browser.
describe('the organization', () => {
  it('shows where a department sits and climbs back up by the breadcrumb', async () => {
    useAuth.getState().setSession('bearer t', me);
    const calls: Call[] = [];
    await renderApp('/pages/contacts/org?id=3', server(calls));
    await waitFor(() =>
      expect(screen.getAllByTestId('org-crumb').map((c) => c.textContent)).toEqual(['星河科技', '研发部', '前端组']),
    );
    expect(screen.getByTestId('page-title').textContent).toBe('前端组');
    const asked = () =>
      calls.filter((c) => c.path.endsWith('/org/members')).map((c) => [c.body.dep_id, c.body.recursive]);
    await waitFor(() => expect(asked()).toContainEqual([3, 0]));

    fireEvent.click(screen.getByRole('button', { name: '研发部' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('org-crumb').map((c) => c.textContent)).toEqual(['星河科技', '研发部']),
    );
    await waitFor(() => expect(asked()).toContainEqual([1, 0]));
    expect(screen.getByTestId('org-search').getAttribute('placeholder')).toBe('搜索本部门的人');
    // The first test of the file loads the app's screens cold.
  }, 20_000);

  it('searches everyone in and below the department, once per pause in typing', async () => {
    useAuth.getState().setSession('bearer t', me);
    const calls: Call[] = [];
    await renderApp('/pages/contacts/org?id=1', server(calls));
    await screen.findByTestId('org-breadcrumb');
    fireEvent.change(screen.getByTestId('org-search'), { target: { value: 'b' } });
    fireEvent.change(screen.getByTestId('org-search'), { target: { value: 'bo' } });
    const searches = () => calls.filter((c) => c.path.endsWith('/org/members') && c.body.keywords);
    await waitFor(() => expect(searches().length).toBeGreaterThan(0));
    expect(searches().map((c) => [c.body.dep_id, c.body.recursive, c.body.keywords])).toEqual([[1, 1, 'bo']]);
  });

  it('says so when the department is gone', async () => {
    useAuth.getState().setSession('bearer t', me);
    await renderApp('/pages/contacts/org?id=42', server([]));
    await screen.findByTestId('org-not-found');
  });
});
