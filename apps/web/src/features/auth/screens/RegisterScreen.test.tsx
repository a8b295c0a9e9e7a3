import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { defaultSystemInfo } from '@parley/protocol';
import { renderApp, type FakeFetch } from '../../../test/render-app';
import { useAuth } from '../../../state/auth';
import { configureApi } from '../../../lib/api-client';

afterEach(() => {
  cleanup();
  useAuth.getState().clear();
  localStorage.clear();
});

const fill = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('register page', () => {
  it('says registered, not logged in, and lands on home', async () => {
    const fetch = vi.fn<FakeFetch>(async (url) => {
      const path = String(url);
      const [data, msg] = path.endsWith('/register')
        ? [{ user_id: 7, account: 'alice01', realname: 'Alice' }, '注册成功']
        : path.endsWith('/login')
          ? [
              {
                sessionId: 's',
                authToken: 'bearer x.y.z',
                userInfo: { user_id: 7, account: 'alice01', realname: 'Alice', displayName: 'Alice', avatar: '' },
              },
              '登录成功',
            ]
          : [defaultSystemInfo, ''];
      return new Response(JSON.stringify({ code: 0, msg, count: 0, data, page: 1 }));
    });
    await renderApp('/pages/login/register', fetch);
    await screen.findByTestId('register-account');
    const toasts: string[] = [];
    configureApi({ toast: (text) => void toasts.push(text) });
    fill('register-account', 'alice01');
    fill('register-realname', 'Alice');
    fill('register-password', 'secret123');
    fill('register-password2', 'secret123');
    fireEvent.click(await screen.findByTestId('register-submit'));
    await screen.findByTestId('home-empty');
    await waitFor(() => expect(toasts).toEqual(['注册成功']));
  });
});
