import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DotLoading } from 'antd-mobile';
import { useAuth } from '../features/auth/store';
import { useCurrentRoute } from './navigation';
import { href, routeTable, type RouteMeta } from './routes';
import { TabBar } from './TabBar';
import styles from './Shell.module.css';

/** Centred 960 px frame, auth guard, document title, and the tab bar on tab pages. */
export function Shell() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const location = useLocation();
  const loggedIn = useAuth((s) => s.token !== null);
  const meta: RouteMeta | undefined = route ? routeTable[route] : undefined;
  const title = t(`routes.${meta?.title ?? 'notFound'}`);

  useEffect(() => {
    document.title = title;
  }, [title]);

  if (meta && !meta.public && !loggedIn) {
    return <Navigate to={href('login')} replace state={{ from: location.pathname + location.search }} />;
  }
  if ((route === 'login' || route === 'register') && loggedIn) {
    return <Navigate to={href('home')} replace />;
  }

  return (
    <div className={styles.frame}>
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
      {meta?.tab !== undefined ? <TabBar active={meta.tab} /> : null}
    </div>
  );
}

export function PageFallback() {
  return (
    <div className={styles.fallback} role="progressbar" aria-busy="true">
      <DotLoading color="primary" />
    </div>
  );
}
