import { Suspense, useState } from 'react';
import { useUnreadTitle } from '../features/pwa/unread-title';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentRoute } from '../nav/navigation';
import { routeTable, type RouteMeta, type RouteName } from '../nav/routes';
import { TabBar } from './TabBar';
import { NetworkBanner } from '../features/realtime/NetworkBanner';
import { CallHost } from '../features/calls/CallHost';
import { useTotalUnread } from '../state/conversations/api';
import { useFriendBadge } from '../features/contacts/use-friend-badge';
import { useAuth } from '../state/auth';
import { useMediaQuery } from '../lib/use-media-query';
import { PaneContext, type PaneInfo } from '../nav/pane-context';
import { desktopQuery, detailBackHidden, panesFor } from './panes';
import { visibleSections, type Section } from './sections';
import { Rail } from './Rail';
import { useShortcuts } from './use-shortcuts';
import { useRoundAvatarRoot } from '../features/mine/settings';
import { PageFallback } from './PageFallback';
import styles from './Shell.module.css';

const single: PaneInfo = { pane: 'single', hideBack: false };

/**
 * Phone: the centred 960 px column with the tab bar on tab pages. Desktop (≥ 1024 px): rail,
 * list pane and detail pane (app/panes.ts). The route's page keeps one place in the tree in
 * both layouts, so crossing the breakpoint keeps the open chat mounted, draft and all.
 * Also the document title and the keyboard shortcuts. Auth: the router's loaders.
 */
export function Shell() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const meta: RouteMeta | undefined = route ? routeTable[route] : undefined;
  const title = t(`routes.${meta?.title ?? 'notFound'}`);
  const desktop = useMediaQuery(desktopQuery);
  const me = useAuth((s) => s.userInfo);
  const shown = visibleSections(me);
  const trail = useTrail(route, shown);
  const panes = panesFor(route, shown, trail.section);
  const layout = desktop && panes.mode === 'panes' ? panes : null;
  useShortcuts(meta !== undefined && !meta.public);
  useRoundAvatarRoot();

  useUnreadTitle(title, useTotalUnread());

  const detail: PaneInfo = layout
    ? { pane: 'detail', hideBack: detailBackHidden(route, trail.previous, layout.section) }
    : single;
  const page = (
    <Suspense fallback={<PageFallback />}>
      <Outlet />
    </Suspense>
  );
  return (
    <div className={layout ? styles.desktop : styles.frame} data-layout={layout ? 'desktop' : 'phone'}>
      {layout ? (
        <div className={styles.banner}>
          <NetworkBanner />
        </div>
      ) : (
        <NetworkBanner />
      )}
      {layout ? <Rail sections={shown} active={layout.section.key} /> : null}
      {layout?.list ? <ListPane key={layout.section.key} section={layout.section} /> : null}
      <PaneContext.Provider value={detail}>
        <div
          className={layout ? `${styles.detail} ${layout.list ? '' : styles.wide}` : styles.contents}
          data-pane={layout ? 'detail' : undefined}
        >
          {layout?.detail === 'placeholder' ? <Placeholder section={layout.section} /> : page}
        </div>
      </PaneContext.Provider>
      {!layout && meta?.tab !== undefined ? <Tabs active={meta.tab} /> : null}
      <CallHost />
    </div>
  );
}

/**
 * The route shown before this one (for back buttons) and the section last lit, so a page of no
 * section stays beside the list the user came from. Tracked in both layouts, so a window widened
 * on such a page shows the right list.
 */
function useTrail(route: RouteName | undefined, shown: readonly Section[]) {
  const { key } = useLocation();
  const [trail, setTrail] = useState<{ key: string; route?: RouteName; previous?: RouteName; section?: string }>({
    key,
    route,
  });
  const panes = panesFor(route, shown, trail.section);
  const section = panes.mode === 'panes' ? panes.section.key : trail.section;
  if (trail.key !== key || trail.section !== section) {
    // Derived from the previous render, as React's docs show for "storing information from previous renders".
    setTrail({ key, route, previous: trail.key !== key ? trail.route : trail.previous, section });
  }
  return trail;
}

function ListPane({ section }: { section: Section }) {
  const { List } = section;
  if (!List) return null;
  return (
    <PaneContext.Provider value={{ pane: 'list', route: section.route, hideBack: true }}>
      <div className={styles.list} data-pane="list">
        <Suspense fallback={<PageFallback />}>
          <List />
        </Suspense>
      </div>
    </PaneContext.Provider>
  );
}

function Placeholder({ section }: { section: Section }) {
  const { t } = useTranslation();
  return (
    <div className={styles.placeholder} data-testid="detail-placeholder">
      <section.Icon size={64} />
      <p>{section.placeholder?.(t)}</p>
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
