import type { ComponentType } from 'react';
import { createHashRouter, redirect, type RouteObject } from 'react-router';
import { useAuth } from '../state/auth';
import { RouteError } from '../features/errors/RouteError';
import { withBoundary } from '../features/errors/ScreenBoundary';
import { NotFoundScreen } from './NotFoundScreen';
import { Root } from './Root';
import { PageFallback } from './PageFallback';
import { lazyScreen } from './lazy-screen';
import { href, routeNames, routeTable, type RouteName, type RouteMeta } from '../nav/routes';

type ScreenModule = { default: ComponentType };
/** What each page's route carries: its name (nav/navigation.ts) and a way to fetch its code early. */
export type ScreenHandle = { route: RouteName; preload(): Promise<void> };

/** Which screen each route lazily loads. */
export const screens: Record<RouteName, () => Promise<ScreenModule>> = {
  home: () => import('../features/home/screens/HomeScreen'),
  contacts: () => import('../features/contacts/screens/ContactsScreen'),
  login: () => import('../features/auth/screens/LoginScreen'),
  register: () => import('../features/auth/screens/RegisterScreen'),
  setting: () => import('../features/mine/screens/SettingScreen'),
  networkCheck: () => import('../features/calls/screens/NetworkCheckScreen'),
  about: () => import('../features/mine/screens/AboutScreen'),
  chat: () => import('../features/chat/screens/ChatScreen'),
  emoji: () => import('../features/stickers/screens/StickerManageScreen'),
  chatDetail: () => import('../features/groups/screens/ChatDetailScreen'),
  chatRecord: () => import('../features/history/screens/ChatRecordScreen'),
  contactDetail: () => import('../features/contacts/screens/UserDetailScreen'),
  newFriends: () => import('../features/contacts/screens/NewFriendsScreen'),
  searchFriends: () => import('../features/contacts/screens/SearchFriendsScreen'),
  call: () => import('../features/calls/screens/CallScreen'),
  video: () => import('../features/media/screens/VideoScreen'),
  userSelection: () => import('../features/message-actions/screens/SelectionRoute'),
  groupUser: () => import('../features/groups/screens/GroupMembersScreen'),
  groupQrcode: () => import('../features/qrcode/screens/QrCodeScreen'),
  groupInfo: () => import('../features/groups/screens/GroupMembersScreen'),
  groupList: () => import('../features/groups/screens/GroupListScreen'),
  org: () => import('../features/contacts/screens/OrgScreen'),
  search: () => import('../features/search/screens/SearchScreen'),
  scan: () => import('../features/qrcode/screens/ScanScreen'),
  webview: () => import('../features/mine/screens/WebviewScreen'),
  moments: () => import('../features/moments/screens/MomentsScreen'),
  discover: () => import('../features/moments/screens/DiscoverScreen'),
  momentsPublish: () => import('../features/moments/screens/PublishScreen'),
  momentsNotices: () => import('../features/moments/screens/NoticesScreen'),
  profile: () => import('../features/mine/screens/ProfileScreen'),
  secure: () => import('../features/mine/screens/SecureScreen'),
  doc: () => import('../features/mine/screens/DocScreen'),
  mine: () => import('../features/mine/screens/MineScreen'),
  fileManager: () => import('../features/media/screens/FileManagerScreen'),
  // The whole console is one lazy chunk, so it never weighs on the login page.
  admin: () => import('../features/admin/screens/AdminScreen'),
};

/**
 * Auth guard as a loader: it decides before anything renders, so a redirect can never race
 * another navigation (a render-time <Navigate> did, and hung the page).
 */
function guard(name: RouteName) {
  const meta: RouteMeta = routeTable[name];
  return () => {
    const loggedIn = useAuth.getState().token !== null;
    if (!meta.public && !loggedIn) return redirect(href('login'));
    if ((name === 'login' || name === 'register') && loggedIn) return redirect(href('home'));
    return null;
  };
}

export function buildRoutes(): RouteObject[] {
  const pages: RouteObject[] = routeNames.flatMap((name) => {
    const meta: RouteMeta = routeTable[name];
    // The page commits at once and loads its code itself (spec §9: loading after 200 ms, retries).
    const lazy = lazyScreen(screens[name]);
    const Screen = withBoundary(lazy);
    const handle: ScreenHandle = { route: name, preload: lazy.preload };
    return [meta.path, ...(meta.aliases ?? [])].map((path): RouteObject => ({
      path,
      handle,
      loader: guard(name),
      // A crash in a screen shows our error page inside the shell, never the router's own.
      errorElement: <RouteError />,
      Component: Screen,
    }));
  });
  return [
    {
      Component: Root,
      HydrateFallback: PageFallback,
      errorElement: <RouteError />,
      children: [...pages, { path: '*', Component: NotFoundScreen }],
    },
  ];
}

export function createAppRouter() {
  return createHashRouter(buildRoutes());
}
