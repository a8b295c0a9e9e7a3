import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentRoute } from '../nav/navigation';
import { routeTable, type RouteMeta } from '../nav/routes';
import { lazyScreen } from './lazy-screen';
import { PageFallback } from './PageFallback';
import styles from './Shell.module.css';

/**
 * The root of every route. A public page (login, register) gets a bare frame, so the first load
 * carries only what the login form needs (issue 15: ≤ 150 KiB of JS); every other page gets the
 * full shell (rail, panes, tab bar, calls, network banner), loaded on demand. The frame stays
 * while the login finishes (the form must not remount under its own request); the guard then
 * sends a signed-in visitor on to home.
 */
const SignedInShell = lazyScreen(() => import('./Shell').then((m) => ({ default: m.Shell })));

export function Root() {
  const route = useCurrentRoute();
  const meta: RouteMeta | undefined = route ? routeTable[route] : undefined;
  const isPublic = meta?.public === true;
  return isPublic ? <PublicShell /> : <SignedInShell />;
}

function PublicShell() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const meta: RouteMeta | undefined = route ? routeTable[route] : undefined;
  const title = t(`routes.${meta?.title ?? 'notFound'}`);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <div className={styles.frame} data-layout="phone">
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
