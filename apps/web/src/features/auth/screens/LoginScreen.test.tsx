import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { defaultSystemInfo } from '@parley/protocol';
import { renderApp, type FakeFetch } from '../../../test/render-app';
import { setLanguage } from '../../../i18n';
import { useAuth } from '../../../state/auth';

afterEach(async () => {
  cleanup();
  useAuth.getState().clear();
  localStorage.clear();
  await setLanguage('zh-Hans');
});

const fill = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('login page', () => {
  it('shows inline validation errors instead of calling the server', async () => {
    const fetch = vi.fn<FakeFetch>(
      async () => new Response(JSON.stringify({ code: 0, msg: '', count: 0, data: defaultSystemInfo, page: 1 })),
    );
    await renderApp('/pages/login/index', fetch);

    fireEvent.click(await screen.findByTestId('login-submit'));
    expect(await screen.findByText('请输入账号')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();

    fill('login-account', 'alice01');
    fill('login-password', '12345');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('密码须为6-16位')).toBeTruthy();
    expect(screen.queryByText('请输入账号')).toBeNull();
    expect(screen.getByTestId('login-password').getAttribute('aria-invalid')).toBe('true');
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/login'))).toBe(false);
  });

  it('switches every text to English and back with the language switch', async () => {
    await renderApp('/pages/login/index');
    fireEvent.click(await screen.findByTestId('login-submit'));
    await screen.findByText('请输入账号');
    expect(screen.getByTestId('login-submit').textContent).toBe('登录');

    await act(async () => {
      fireEvent.click(screen.getByTestId('lang-switch'));
    });
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
    expect(screen.getByTestId('login-submit').textContent).toBe('Log in');
    expect(screen.getByText('Please enter your account')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBe(screen.getByTestId('login-password'));
    expect(screen.getByTestId('page-title').textContent).toBe('Log in');
    expect(document.title).toBe('Log in');
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);

    await act(async () => {
      fireEvent.click(screen.getByTestId('lang-switch'));
    });
    await waitFor(() => expect(screen.getByTestId('login-submit').textContent).toBe('登录'));
    expect(document.documentElement.lang).toBe('zh-Hans');
  });

  it('logs in and lands on home', async () => {
    const fetch = vi.fn<FakeFetch>(async (url) => {
      const data = String(url).endsWith('/login')
        ? {
            sessionId: 's',
            authToken: 'bearer x.y.z',
            userInfo: { user_id: 7, account: 'alice01', realname: 'Alice', displayName: 'Alice', avatar: '' },
          }
        : defaultSystemInfo;
      return new Response(JSON.stringify({ code: 0, msg: '', count: 0, data, page: 1 }));
    });
    const { router } = await renderApp('/pages/login/index', fetch);
    fill('login-account', 'alice01');
    fill('login-password', 'secret123');
    fireEvent.click(await screen.findByTestId('login-submit'));
    await screen.findByTestId('home-empty');
    expect(router.state.location.pathname).toBe('/');
    expect(useAuth.getState().token).toBe('bearer x.y.z');
    const loginCall = fetch.mock.calls.find(([u]) => String(u).endsWith('/login'));
    expect(JSON.parse(String(loginCall?.[1]?.body))).toMatchObject({ account: 'alice01', password: 'secret123' });
  });
});
