import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TopBar } from '../ui/TopBar';
import { useCurrentRoute, useGoBack } from './navigation';
import { usePane } from './pane-context';
import { routeTable, type RouteMeta } from './routes';
import styles from './Page.module.css';

export interface PageProps {
  /** Defaults to the route's translated title. */
  title?: ReactNode;
  /** Hide the back button (tab pages and login show none by default). */
  back?: boolean;
  left?: ReactNode;
  right?: ReactNode;
  children: ReactNode;
  /** Grey list background (default) or plain surface. */
  surface?: boolean;
}

/**
 * A screen: top bar plus a scrolling body. On the desktop its pane decides the rest: a list
 * pane shows its own page's title and no back, a detail pane drops a back that would only
 * return to the list beside it (nav/pane-context.ts).
 */
export function Page({ title, back, left, right, children, surface }: PageProps) {
  const { t } = useTranslation();
  const pane = usePane();
  const current = useCurrentRoute();
  const route = pane.route ?? current;
  const goBack = useGoBack();
  const meta: RouteMeta | undefined = route ? routeTable[route] : undefined;
  const showBack = !pane.hideBack && (back ?? (meta ? meta.tab === undefined && route !== 'login' : true));
  return (
    <div className={styles.page}>
      <TopBar
        title={title ?? t(`routes.${meta?.title ?? 'notFound'}`)}
        onBack={showBack ? () => void goBack() : undefined}
        left={left}
        right={right}
      />
      <main className={`${styles.body} ${surface ? styles.surface : ''}`}>{children}</main>
    </div>
  );
}
