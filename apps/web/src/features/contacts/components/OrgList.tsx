import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtualizer, type VirtualizerHandle } from 'virtua';
import type { Department, OrgMember } from '@parley/protocol';
import { ContactRow } from './ContactRow';
import { DepartmentRow } from '../../org/components/DepartmentRow';
import styles from './OrgList.module.css';

type Item =
  | { key: string; kind: 'header'; text: string }
  | { key: string; kind: 'dept'; d: Department; mine: boolean }
  | { key: string; kind: 'person'; m: OrgMember }
  | { key: string; kind: 'footer' };

/** Ask for the next page when the last rendered row is this close to the end of what is loaded. */
const PREFETCH_ROWS = 40;

export interface OrgListProps {
  departments: readonly Department[];
  /** The department of mine among `departments` (marked "My department"). */
  myDepartmentId?: number;
  people: readonly OrgMember[];
  /** People in the list on the server (all pages). */
  total: number;
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  /** Said at the bottom when nobody is listed. */
  emptyText: string;
  /** The person's department before the position (search results span several). */
  showDepartment: boolean;
  roundAvatar: boolean;
  /** Live presence wins over the `is_online` the page arrived with. */
  isOnline: (m: OrgMember) => boolean;
  onMore: () => void;
  onRetry: () => void;
  onOpenDepartment: (id: number) => void;
  onOpenPerson: (m: OrgMember) => void;
}

/**
 * A department's page body: its sub-departments, then its people, in one virtualised list (virtua,
 * as the address book) so a 2,000-person department scrolls as lightly as a small one; further
 * pages are asked for as the end comes near.
 */
export function OrgList(p: OrgListProps) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const vRef = useRef<VirtualizerHandle>(null);
  const { departments, people, total, myDepartmentId } = p;

  const items = useMemo(() => {
    const list: Item[] = [];
    if (departments.length > 0) list.push({ key: 'h-deps', kind: 'header', text: t('org.departments') });
    for (const d of departments) list.push({ key: `d-${d.id}`, kind: 'dept', d, mine: d.id === myDepartmentId });
    if (people.length > 0) list.push({ key: 'h-people', kind: 'header', text: t('org.members', { count: total }) });
    for (const m of people) list.push({ key: `p-${m.user_id}`, kind: 'person', m });
    list.push({ key: 'footer', kind: 'footer' });
    return list;
  }, [departments, people, total, myDepartmentId, t]);

  const onScroll = (offset: number) => {
    const v = vRef.current;
    if (!v || !p.hasMore || p.loading) return;
    const lastShown = v.findItemIndex(offset + v.viewportSize);
    if (lastShown >= items.length - PREFETCH_ROWS) p.onMore();
  };

  const footer = () => {
    if (p.failed) {
      return (
        <button type="button" className={styles.retry} onClick={p.onRetry} data-testid="org-retry">
          {t('org.loadFailed')}
        </button>
      );
    }
    if (p.loading || p.hasMore) return t('org.loadingMore');
    if (people.length === 0 && departments.length === 0) return <span data-testid="org-empty">{p.emptyText}</span>;
    return null;
  };

  return (
    <div ref={scrollRef} className={styles.scroll} data-testid="org-list">
      <Virtualizer ref={vRef} scrollRef={scrollRef} data={items} onScroll={onScroll}>
        {(item: Item) => {
          switch (item.kind) {
            case 'header':
              return (
                <div key={item.key} className={styles.header} role="heading" aria-level={2}>
                  {item.text}
                </div>
              );
            case 'dept':
              return (
                <DepartmentRow
                  key={item.key}
                  id={item.d.id}
                  name={item.d.name}
                  count={item.d.memberCount}
                  hint={item.mine ? t('org.myDepartment') : undefined}
                  onOpen={() => p.onOpenDepartment(item.d.id)}
                />
              );
            case 'person': {
              const m = item.m;
              const sub = p.showDepartment ? [m.dep_name, m.position].filter(Boolean).join(' · ') : m.position;
              return (
                <ContactRow
                  key={item.key}
                  id={m.user_id}
                  name={m.displayName || m.realname}
                  avatar={m.avatar}
                  subtitle={sub}
                  online={p.isOnline(m)}
                  roundAvatar={p.roundAvatar}
                  testId="org-person"
                  onOpen={() => p.onOpenPerson(m)}
                />
              );
            }
            case 'footer':
              return (
                <div key={item.key} className={styles.footer}>
                  {footer()}
                </div>
              );
          }
        }}
      </Virtualizer>
    </div>
  );
}
