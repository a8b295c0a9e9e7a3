import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { defaultSystemInfo, type SelfInfo, type Sticker } from '@parley/protocol';
import { renderApp, type FakeFetch } from '../../../test/render-app';
import { useAuth } from '../../../state/auth';

const me = { user_id: 1, account: 'alice01', realname: 'Alice', displayName: 'Alice', avatar: '' } as SelfInfo;
const sticker = (id: number): Sticker => ({
  id,
  name: `s${id}`,
  title: `s${id}`,
  src: `https://x/storage/e/${id}.png`,
  file_id: id * 10,
});

/** A fake server holding my stickers; move and del change them as the real one does. */
function server(calls: { path: string; body: Record<string, unknown> }[], start: number[]): FakeFetch {
  let mine = start.map(sticker);
  return async (url, init) => {
    const path = String(url);
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    calls.push({ path, body });
    let data: unknown = '';
    const ids = (body.ids as number[] | undefined) ?? [];
    if (path.endsWith('/getSystemInfo')) data = defaultSystemInfo;
    if (path.endsWith('/emoji/move'))
      mine = [
        ...ids.map((id) => mine.find((s) => s.id === id)).filter((s) => s !== undefined),
        ...mine.filter((s) => !ids.includes(s.id)),
      ];
    if (path.endsWith('/emoji/del')) mine = mine.filter((s) => !ids.includes(s.id));
    if (path.endsWith('/emoji/index')) data = mine;
    return new Response(JSON.stringify({ code: 0, msg: '', count: 0, data, page: 1 }), { status: 200 });
  };
}

const tiles = () => screen.getAllByTestId('sticker-tile').map((t) => Number(t.getAttribute('data-id')));
const tile = (id: number) =>
  screen.getAllByTestId('sticker-tile').find((t) => t.getAttribute('data-id') === String(id)) as HTMLElement;

afterEach(() => {
  cleanup();
  useAuth.getState().clear();
});

describe('sticker manage page', () => {
  it('shows the count, moves the selected ones to the front in tap order', async () => {
    useAuth.getState().setSession('bearer t', me);
    const calls: { path: string; body: Record<string, unknown> }[] = [];
    await renderApp('/pages/message/emoji', server(calls, [1, 2, 3, 4]));
    await waitFor(() => expect(screen.getByTestId('sticker-count').textContent).toBe('4/300'));
    expect(screen.getByTestId('sticker-add')).toBeTruthy();
    fireEvent.click(screen.getByTestId('sticker-organise'));
    expect(screen.queryByTestId('sticker-add')).toBeNull();
    expect((screen.getByTestId('sticker-move') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(tile(4));
    fireEvent.click(tile(2));
    expect(tile(4).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('sticker-delete').textContent).toContain('2');
    await act(async () => fireEvent.click(screen.getByTestId('sticker-move')));
    await waitFor(() => expect(tiles()).toEqual([4, 2, 1, 3]));
    expect(calls.find((c) => c.path.endsWith('/emoji/move'))?.body).toEqual({ ids: [4, 2] });
  });

  it('deletes the selected ones only after the confirm, and shows the empty state when none are left', async () => {
    useAuth.getState().setSession('bearer t', me);
    const calls: { path: string; body: Record<string, unknown> }[] = [];
    await renderApp('/pages/message/emoji', server(calls, [7]));
    await waitFor(() => expect(screen.getByTestId('sticker-count').textContent).toBe('1/300'));
    fireEvent.click(screen.getByTestId('sticker-organise'));
    fireEvent.click(tile(7));
    await act(async () => fireEvent.click(screen.getByTestId('sticker-delete')));
    expect(calls.some((c) => c.path.endsWith('/emoji/del'))).toBe(false);
    const confirm = await screen.findByText('删除', { selector: '.adm-dialog-button *, .adm-dialog-button' });
    await act(async () => fireEvent.click(confirm));
    await waitFor(() => expect(screen.getByTestId('sticker-empty')).toBeTruthy());
    expect(calls.find((c) => c.path.endsWith('/emoji/del'))?.body).toEqual({ ids: [7] });
    expect(screen.getByTestId('sticker-count').textContent).toBe('0/300');
  });
});
