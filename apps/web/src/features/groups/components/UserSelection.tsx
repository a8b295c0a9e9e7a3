import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../ui/Avatar';
import { CheckRow } from '../../../ui/CheckRow';
import { EmptyState } from '../../../ui/EmptyState';
import { dialogs } from '../../../ui/dialogs';
import { matches, nameOf, sections, toggle, type Candidate } from '../selection';
import styles from '../../../ui/PickList.module.css';

export interface UserSelectionProps {
  candidates: readonly Candidate[];
  /** Most that may be chosen at once (forwarding 5, invitations 20). */
  max: number;
  /** Above the search box (e.g. the group name field). */
  header?: ReactNode;
  onChange(selected: number[]): void;
  selected: number[];
}

/** Contacts with check boxes, A–Z sections, a search filter and the strip of chosen avatars. */
export function UserSelection({ candidates, max, header, selected, onChange }: UserSelectionProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const groups = useMemo(() => sections(candidates.filter((c) => matches(c, query))), [candidates, query]);
  const byId = useMemo(() => new Map(candidates.map((c) => [c.user_id, c])), [candidates]);

  const tap = (c: Candidate) => {
    const r = toggle(selected, c, max);
    if (r.refused === 'max') dialogs.toast(t('groups.select.max', { max }));
    else onChange(r.selected);
  };

  return (
    <div className={styles.wrap}>
      <div className={styles.top}>
        {header}
        <input
          className={styles.search}
          type="search"
          value={query}
          placeholder={t('groups.select.search')}
          aria-label={t('groups.select.search')}
          onChange={(e) => setQuery(e.target.value)}
          data-testid="select-search"
        />
        <div className={styles.strip} data-testid="select-strip">
          {selected.map((id) => {
            const c = byId.get(id);
            return c ? (
              <button key={id} type="button" className={styles.chip} onClick={() => tap(c)} aria-label={nameOf(c)}>
                <Avatar src={c.avatar} name={nameOf(c)} seed={id} size={32} />
              </button>
            ) : null;
          })}
        </div>
      </div>
      {groups.length === 0 ? <EmptyState text={t('groups.select.empty')} /> : null}
      {groups.map((g) => (
        <section key={g.letter} aria-label={g.letter}>
          <div className={styles.letter}>{g.letter}</div>
          {g.items.map((c) => {
            const on = Boolean(c.disabled) || selected.includes(c.user_id);
            return (
              <CheckRow
                key={c.user_id}
                id={c.user_id}
                name={nameOf(c)}
                avatar={c.avatar}
                on={on}
                disabled={Boolean(c.disabled)}
                testId="select-row"
                onTap={() => tap(c)}
              />
            );
          })}
        </section>
      ))}
    </div>
  );
}

export function ConfirmButton({ count, disabled, onClick }: { count: number; disabled: boolean; onClick(): void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className={styles.confirm} disabled={disabled} onClick={onClick} data-testid="select-confirm">
      {count > 0 ? t('groups.select.confirmCount', { count }) : t('groups.select.confirm')}
    </button>
  );
}

export function GroupNameInput({ value, onChange }: { value: string; onChange(v: string): void }) {
  const { t } = useTranslation();
  return (
    <input
      className={styles.name}
      value={value}
      maxLength={32}
      placeholder={t('groups.select.groupName')}
      aria-label={t('groups.select.groupName')}
      onChange={(e) => onChange(e.target.value)}
      data-testid="group-name-input"
    />
  );
}
