import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { SelfInfo } from '@parley/protocol';
import { renderApp } from '../../../test/render-app';
import { useAuth } from '../../../state/auth';

const me = { user_id: 1, account: 'alice01', realname: 'Alice', displayName: 'Alice', avatar: '' } as SelfInfo;

afterEach(() => {
  cleanup();
  useAuth.getState().clear();
});

describe('search page keys', () => {
  it('Esc clears what was typed, and a second Esc leaves the page', async () => {
    await import('./SearchScreen');
    useAuth.getState().setSession('bearer t', me);
    const { router } = await renderApp('/pages/index/search?q=lunch');
    const input = (await screen.findByTestId('search-input')) as HTMLInputElement;
    expect(input.value).toBe('lunch');
    await act(async () => fireEvent.keyDown(window, { key: 'Escape' }));
    await waitFor(() => expect(input.value).toBe(''));
    expect(router.state.location.pathname).toBe('/pages/index/search');
    await act(async () => fireEvent.keyDown(window, { key: 'Escape' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/pages/index/search'));
  }, 20_000);
});
