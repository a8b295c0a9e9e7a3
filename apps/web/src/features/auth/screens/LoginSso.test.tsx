import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { defaultSystemInfo } from '@parley/protocol';
import { renderApp, type FakeFetch } from '../../../test/render-app';
import { useAuth } from '../../../state/auth';

afterEach(() => {
  cleanup();
  useAuth.getState().clear();
  localStorage.clear();
});

const envelope = (data: unknown, code = 0, msg = '') =>
  new Response(JSON.stringify({ code, msg, count: 0, data, page: code === 0 ? 1 : 0 }));
const withSso = { ...defaultSystemInfo, sso: [{ kind: 'oidc', name: 'Keycloak', url: '/sso/oidc/start' }] };

/** PROTOCOL §19 on the login screen: the provider's button, `?sso_error=` in words, `?sso=` traded once. */
describe('single sign-on on the login page', () => {
  it('shows a button per provider leading to its start path, and none when off', async () => {
    await renderApp(
      '/pages/login/index',
      vi.fn<FakeFetch>(async () => envelope(withSso)),
    );
    const button = await screen.findByTestId('sso-button');
    expect(button.textContent).toBe('使用 Keycloak 登录');
    expect(button.getAttribute('href')).toBe('/sso/oidc/start');
    cleanup();
    await renderApp(
      '/pages/login/index',
      vi.fn<FakeFetch>(async () => envelope(defaultSystemInfo)),
    );
    await screen.findByTestId('login-submit');
    expect(screen.queryByTestId('sso-button')).toBeNull();
  });

  it('says why a sign-in failed, in words, for known and unknown reasons', async () => {
    await renderApp(
      '/pages/login/index?sso_error=sso.disabledUser',
      vi.fn<FakeFetch>(async () => envelope(withSso)),
    );
    expect((await screen.findByTestId('sso-error')).textContent).toBe('该账号已被停用，无法登录');
    cleanup();
    await renderApp(
      '/pages/login/index?sso_error=whatever',
      vi.fn<FakeFetch>(async () => envelope(withSso)),
    );
    expect((await screen.findByTestId('sso-error')).textContent).toBe('单点登录失败，请重试或联系管理员');
  });

  it('trades the one-time code for a session once and goes home', async () => {
    const self = { id: 7, user_id: 7, account: 'ada', realname: 'Ada', setting: {} };
    const fetch = vi.fn<FakeFetch>(async (url, init) => {
      if (String(url).includes('/common/pub/login')) {
        expect(String(init?.body)).toContain('the-code');
        return envelope({ sessionId: 'j', authToken: 'bearer t', userInfo: self }, 0, '登录成功');
      }
      return envelope(withSso);
    });
    await renderApp('/pages/login/index?sso=the-code', fetch);
    await waitFor(() => expect(useAuth.getState().token).toBe('bearer t'));
    expect(fetch.mock.calls.filter(([u]) => String(u).includes('/common/pub/login'))).toHaveLength(1);
  });
});
