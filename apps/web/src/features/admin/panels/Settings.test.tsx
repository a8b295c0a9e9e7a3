import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { defaultSystemInfo } from '@parley/protocol';
import '../../../i18n';
import { configureApi } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { testDispatcher } from '../../../test/dispatcher';
import { defaultFakeFetch } from '../../../test/render-app';
import Settings from './Settings';

afterEach(cleanup);

/** A server whose site name another administrator changes; it counts the console's reads. */
function server() {
  const state = { name: 'Parley', reads: 0 };
  configureApi({
    fetch: async (url, init) => {
      if (!String(url).endsWith('/getAllConfig')) return defaultFakeFetch(url, init);
      state.reads += 1;
      const data = [{ id: 1, name: 'sysInfo', value: { name: state.name, description: '' } }];
      return new Response(JSON.stringify({ code: 0, msg: '', count: 0, data, page: 1 }), { status: 200 });
    },
    isOnline: () => true,
    toast: () => {},
    getLanguage: () => 'zh-Hans',
  });
  return state;
}

describe('the settings console', () => {
  it('says another administrator changed the settings, when no other screen has read the site info', async () => {
    const state = server();
    // A fresh cache: the console is the first and only screen (opened straight from the rail).
    const qc = createQueryClient();
    render(
      <QueryClientProvider client={qc}>
        <Settings />
      </QueryClientProvider>,
    );
    await screen.findByDisplayValue('Parley');
    expect(state.reads).toBe(1);

    state.name = 'Acme Chat';
    const dispatch = testDispatcher(qc);
    act(() => dispatch({ type: 'updateConfig', time: 1, data: defaultSystemInfo }));

    await screen.findByTestId('cfg-changed');
    // What was shown stays until asked for the newer values.
    expect(screen.getByDisplayValue('Parley')).toBeTruthy();
    act(() => screen.getByTestId('cfg-load-latest').click());
    await screen.findByDisplayValue('Acme Chat');
  });
});
