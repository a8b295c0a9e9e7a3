import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OrgMember } from '@parley/protocol';
import { Page } from '../../../nav/Page';
import { href } from '../../../nav/routes';
import { EmptyState } from '../../../ui/EmptyState';
import { useAuth } from '../../../state/auth';
import { useDebounced } from '../../../lib/use-debounced';
import { useContacts } from '../../../state/conversations/api';
import { useSiteName } from '../../system/api';
import { useOrgMembers, useOrgTree } from '../../org/api';
import { mineFirst, pathTo } from '../../org/tree-model';
import { useMyDepartment } from '../../org/use-my-department';
import { Breadcrumb } from '../../org/components/Breadcrumb';
import { OrgList } from '../components/OrgList';
import styles from './OrgScreen.module.css';

const SEARCH_PAUSE_MS = 250;

/**
 * `/pages/contacts/org?id=<dep>` (Parley extension, PROTOCOL §18): one level of the organization.
 * `id` 0 is the company: its top-level departments (mine first) and the people without one.
 * A department shows its sub-departments and its own people; typing searches everyone in it and
 * below it. The breadcrumb climbs back up.
 */
export default function OrgScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const depId = Math.max(0, Number(params.get('id')) || 0);
  const me = useAuth((s) => s.userInfo);
  const company = useSiteName();
  const tree = useOrgTree();
  const myDep = useMyDepartment();
  const [query, setQuery] = useState('');
  // One request per pause in typing, not per key.
  const keywords = useDebounced(query.trim(), SEARCH_PAUSE_MS);
  const searching = keywords !== '';
  const members = useOrgMembers(depId, searching ? 1 : 0, keywords);
  const contacts = useContacts();

  const roots = useMemo(() => tree.data ?? [], [tree.data]);
  const path = useMemo(() => pathTo(roots, depId), [roots, depId]);
  const myPath = useMemo(() => pathTo(roots, myDep), [roots, myDep]);
  const here = path.at(-1);
  const departments = useMemo(() => {
    if (searching) return [];
    return mineFirst(depId === 0 ? roots : (here?.children ?? []), myPath);
  }, [searching, depId, roots, here, myPath]);
  // The sibling on my path is marked: my department itself, or the one that holds it.
  const markedId = departments.find((d) => myPath.some((m) => m.id === d.id))?.id;

  const people = useMemo(() => members.data?.pages.flatMap((pg) => pg.rows) ?? [], [members.data]);
  const total = members.data?.pages[0]?.count ?? 0;
  const presence = useMemo(
    () => new Map((contacts.data?.contacts ?? []).map((c) => [String(c.id), c.is_online === 1])),
    [contacts.data],
  );
  const isOnline = useCallback((m: OrgMember) => presence.get(String(m.user_id)) ?? m.is_online === 1, [presence]);

  const open = (id: number) => {
    setQuery('');
    void navigate(href('org', { id }));
  };
  const crumbs = [{ id: 0, name: company }, ...path.map((d) => ({ id: d.id, name: d.name }))];

  if (depId > 0 && tree.isSuccess && !here) {
    return (
      <Page title={company}>
        <EmptyState testId="org-not-found" text={t('org.notFound')} />
      </Page>
    );
  }

  return (
    <Page title={here?.name ?? company}>
      <div className={styles.fill}>
        <div className={styles.top}>
          <Breadcrumb crumbs={crumbs} onPick={open} />
          <div className={styles.searchWrap}>
            <input
              className={styles.search}
              type="search"
              value={query}
              placeholder={depId === 0 ? t('org.searchCompany') : t('org.search')}
              aria-label={depId === 0 ? t('org.searchCompany') : t('org.search')}
              onChange={(e) => setQuery(e.target.value)}
              data-testid="org-search"
            />
          </div>
        </div>
        <div className={styles.list}>
          <OrgList
            departments={departments}
            myDepartmentId={markedId}
            people={people}
            total={total}
            hasMore={Boolean(members.hasNextPage)}
            loading={members.isPending || members.isFetchingNextPage}
            failed={members.isError}
            emptyText={searching ? t('org.noMatch') : t('org.empty')}
            showDepartment={searching}
            roundAvatar={Boolean(me?.setting?.avatarCricle)}
            isOnline={isOnline}
            onMore={() => void members.fetchNextPage()}
            onRetry={() => void members.refetch()}
            onOpenDepartment={open}
            onOpenPerson={(m) => void navigate(href('contactDetail', { id: m.user_id }))}
          />
        </div>
      </div>
    </Page>
  );
}
