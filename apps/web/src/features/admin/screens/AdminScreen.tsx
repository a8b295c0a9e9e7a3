import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Role } from '@parley/protocol';
import { Page } from '../../../nav/Page';
import { isAdmin, useAuth } from '../../../state/auth';
import { at } from '../i18n';
import styles from '../Admin.module.css';

const sections = [
  'dashboard',
  'users',
  'org',
  'orgImport',
  'groups',
  'messages',
  'settings',
  'notices',
  'invites',
  'audit',
] as const;
type Section = (typeof sections)[number];

const panels: Record<Section, ComponentType> = {
  dashboard: lazy(() => import('../panels/Dashboard')),
  users: lazy(() => import('../panels/Users')),
  org: lazy(() => import('../panels/Org')),
  orgImport: lazy(() => import('../panels/OrgImport')),
  groups: lazy(() => import('../panels/Groups')),
  messages: lazy(() => import('../panels/Messages')),
  settings: lazy(() => import('../panels/Settings')),
  notices: lazy(() => import('../panels/Notices')),
  invites: lazy(() => import('../panels/Invites')),
  audit: lazy(() => import('../panels/Audit')),
};

/** `/pages/admin/index?tab=…`: the admin console (PROTOCOL §12), for roles 1 and 2 only. */
export default function AdminScreen() {
  useTranslation(); // re-render on a language switch; the console's strings come from `at`
  const me = useAuth((s) => s.userInfo);
  const [params, setParams] = useSearchParams();
  const visible = sections.filter((s) => s !== 'audit' || me?.role === Role.superAdmin);
  const tab = (visible as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Section)
    : 'dashboard';
  const Panel = panels[tab];
  return (
    <Page>
      {!isAdmin(me) ? (
        <div className={styles.state} data-testid="admin-denied">
          {at('notAdmin')}
        </div>
      ) : (
        <div className={styles.layout} data-testid="admin">
          <nav className={styles.nav} aria-label={at('actions')}>
            {visible.map((s) => (
              <button
                key={s}
                type="button"
                aria-current={s === tab ? 'page' : undefined}
                onClick={() => setParams({ tab: s }, { replace: true })}
                data-testid={`admin-nav-${s}`}
              >
                {at(`nav.${s}`)}
              </button>
            ))}
          </nav>
          <section className={styles.main}>
            <Suspense fallback={<div className={styles.state}>…</div>}>
              <Panel />
            </Suspense>
          </section>
        </div>
      )}
    </Page>
  );
}
