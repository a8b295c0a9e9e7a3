import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DotLoading } from 'antd-mobile';
import { useCurrentRoute } from './navigation';
import { routeTable, type RouteMeta } from './routes';
import { TabBar } from './TabBar';
import styles from './Shell.module.css';

/** Centred 960 px frame, document title, and the tab bar on tab pages (auth: router loaders). */
export function Shell() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const meta: RouteMeta | undefined = route ? routeTable[route] : undefined;
  const title = t(`routes.${meta?.title ?? 'notFound'}`);

  useEffect(() => {
    document.title = title;
  }, [title]);

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
