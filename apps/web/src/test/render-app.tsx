import { act, render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { defaultSystemInfo } from '@parley/protocol';
import '../i18n';
import { buildRoutes } from '../app/router';
import { Providers } from '../app/providers';
import { configureApi, type ApiDeps } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';

export type FakeFetch = ApiDeps['fetch'];

/** Answers every call with an empty success, and getSystemInfo with the protocol defaults. */
export const defaultFakeFetch: FakeFetch = async (url) => {
  const data = String(url).endsWith('/getSystemInfo') ? defaultSystemInfo : '';
  return new Response(JSON.stringify({ code: 0, msg: '', count: 0, data, page: 1 }), { status: 200 });
};

/** The real route table and screens in a memory router, with a fake server behind the API client. */
export async function renderApp(path: string, fetch: FakeFetch = defaultFakeFetch) {
  // happy-dom's window is 1024 px wide, which is the desktop layout (app/panes.ts); these tests
  // walk the phone layout, so give them a phone's viewport.
  (
    window as unknown as { happyDOM?: { setViewport(v: { width: number; height: number }): void } }
  ).happyDOM?.setViewport({ width: 375, height: 812 });
  // The signed-in shell loads on demand (app/Root.tsx); have its modules ready, as a warm cache
  // would, so a test's first page after login does not wait for their transform.
  await import('../app/Shell');
  configureApi({ fetch, isOnline: () => true, toast: () => {}, getLanguage: () => 'zh-Hans' });
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const queryClient = createQueryClient();
  const utils = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
  return { router, queryClient, ...utils };
}
