import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DotLoading } from 'antd-mobile';
import { useCurrentRoute } from './navigation';
import { routeTable, type RouteMeta } from './routes';
import { TabBar } from './TabBar';
import { NetworkBanner } from '../features/realtime/NetworkBanner';
import { CallHost } from '../features/calls/CallHost';
import { useTotalUnread } from '../features/conversations/api';
import { useFriendBadge } from '../features/contacts/use-friend-badge';
import { useRoundAvatarRoot } from '../features/mine/settings';
import styles from './Shell.module.css';

/** Centred 960 px frame, document title, and the tab bar on tab pages (auth: router loaders). */
export function Shell() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const meta: RouteMeta | undefined = route ? routeTable[route] : undefined;
  const title = t(`routes.${meta?.title ?? 'notFound'}`);
  useRoundAvatarRoot();

  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <div className={styles.frame}>
      <NetworkBanner />
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
      {meta?.tab !== undefined ? <Tabs active={meta.tab} /> : null}
      <CallHost />
    </div>
  );
}

/** The tab bar with its badges: home = total unread (spec §4), contacts = friend requests. */
function Tabs({ active }: { active: 0 | 1 }) {
  const unread = useTotalUnread();
  // The same count as "New friends": a push and the re-read pending count are one request.
  const friends = useFriendBadge();
  return <TabBar active={active} unread={unread} contactsBadge={friends} />;
}

export function PageFallback() {
  return (
    <div className={styles.fallback} role="progressbar" aria-busy="true">
      <DotLoading color="primary" />
    </div>
  );
}
