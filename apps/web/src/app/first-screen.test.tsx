import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '../i18n';
import { buildRoutes } from './router';
import { Providers } from './providers';
import { firstScreenReady } from './first-screen';
import { createQueryClient } from '../lib/query-client';
import { useAuth } from '../state/auth';

afterEach(() => {
  cleanup();
  useAuth.getState().clear();
});

/** The app's first render, as main.tsx does it; what it shows before any timer, fetch or effect. */
async function firstRender(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  await firstScreenReady(router);
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

describe('the first render (issue 42 #10)', () => {
  it('is the login form itself, not a loading state that a second render replaces', async () => {
    await firstRender('/pages/login/index');
    expect(screen.queryByTestId('page-loading')).toBeNull();
    expect(screen.getByTestId('login-account')).toBeTruthy();
  });

  it('is the register form itself too', async () => {
    await firstRender('/pages/login/register');
    expect(screen.queryByTestId('page-loading')).toBeNull();
    expect(screen.getByTestId('register-account')).toBeTruthy();
  });
});
