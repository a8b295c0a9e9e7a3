import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { href, routeByPath, routeNames, routeTable } from '../nav/routes';
import { screens } from './router';
import { renderApp } from '../test/render-app';
import { useAuth } from '../state/auth';
import { zhHans } from '../i18n/zh-Hans';
import type { SelfInfo } from '@parley/protocol';

/** Spec §2, copied from the table, so a route cannot silently disappear. */
const specRoutes = [
  '/',
  '/pages/index/index',
  '/pages/message/chat',
  '/pages/message/emoji',
  '/pages/contacts/index',
  '/pages/message/detail',
  '/pages/message/record',
  '/pages/contacts/detail',
  '/pages/contacts/friend',
  '/pages/contacts/search',
  '/pages/login/index',
  '/pages/login/register',
  '/pages/message/call',
  '/pages/message/video',
  '/pages/index/userSelection',
  '/pages/message/group/groupUser',
  '/pages/index/qrcode',
  '/pages/message/group/info',
  '/pages/contacts/group',
  '/pages/index/search',
  '/pages/index/scan',
  '/pages/mine/webview',
  '/pages/compass/moments',
  '/pages/mine/profile',
  '/pages/mine/secure',
  '/pages/mine/about',
  '/pages/mine/setting',
  '/pages/mine/doc',
];

const me = { user_id: 1, account: 'alice01', realname: 'Alice', displayName: 'Alice', avatar: '' } as SelfInfo;

afterEach(() => {
  cleanup();
  useAuth.getState().clear();
});

describe('route table', () => {
  it('declares every route of spec §2, with a screen and a translated title each', () => {
    for (const path of specRoutes) expect(routeByPath(path), path).toBeDefined();
    for (const name of routeNames) {
      expect(typeof screens[name]).toBe('function');
      expect(zhHans.routes[routeTable[name].title]).toBeTruthy();
    }
  });

  it('opens invite links at /register as the register page', () => {
    expect(routeByPath('/register')).toBe('register');
    expect(routeByPath('/pages/index/index')).toBe('home');
  });

  it('builds links with query parameters', () => {
    expect(href('home')).toBe('/');
    expect(href('call', { msg_id: 'a b', type: 1, status: undefined })).toBe('/pages/message/call?msg_id=a+b&type=1');
  });
});

describe('navigation', () => {
  it('sends a visitor without a token to login, titled in Chinese', async () => {
    const { router } = await renderApp('/pages/mine/setting');
    await screen.findByTestId('login-submit');
    expect(router.state.location.pathname).toBe('/pages/login/index');
    expect(screen.getByTestId('page-title').textContent).toBe('登录');
    expect(document.title).toBe('登录');
  });

  it('shows home with the tab bar, and a page off the tabs without it', async () => {
    useAuth.getState().setSession('bearer t', me);
    const { router } = await renderApp('/');
    expect(await screen.findByTestId('home-empty')).toBeTruthy();
    expect(screen.getByTestId('tabbar-home').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('tabbar-contacts')).toBeTruthy();

    await router.navigate(href('search'));
    expect(await screen.findByTestId('search-input')).toBeTruthy();
    expect(screen.queryByTestId('tabbar-home')).toBeNull();
    expect(screen.getByTestId('page-title').textContent).toBe('搜索');
  });

  it('shows a translated "page not found" for an unknown route', async () => {
    useAuth.getState().setSession('bearer t', me);
    await renderApp('/pages/nowhere');
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(screen.getByTestId('page-title').textContent).toBe('页面不存在');
  });

  it('back from chat goes home; back on a first page goes to /', async () => {
    useAuth.getState().setSession('bearer t', me);
    const { router } = await renderApp('/pages/mine/about');
    (await screen.findByTestId('back')).click();
    await screen.findByTestId('home-empty');
    expect(router.state.location.pathname).toBe('/');

    await router.navigate(href('contacts'));
    await router.navigate(href('chat', { id: 2 }));
    // The page commits at once and loads its code itself (app/lazy-screen.tsx): the first load of
    // the chat's modules takes a while here.
    (await screen.findByTestId('back', {}, { timeout: 10_000 })).click();
    await screen.findByTestId('home-empty');
    expect(router.state.location.pathname).toBe('/');
  });
});
