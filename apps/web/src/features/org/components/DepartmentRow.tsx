import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronIcon, DepartmentIcon } from './icons';
import { PersonRowButton } from '../../../ui/PersonRowButton';
import styles from './DepartmentRow.module.css';

export interface DepartmentRowProps {
  id: number;
  name: string;
  /** People in it and below it (§18 memberCount). */
  count: number;
  /** A grey word before the name ("My department"). */
  hint?: string;
  icon?: ReactNode;
  /** Background of the icon tile. */
  colour?: string;
  testId?: string;
  selected?: boolean;
  onOpen: () => void;
}

/** A department to open (styled as the address book's person rows): icon tile, name, member count and a chevron (56 px like a person). */
export function DepartmentRow({
  id,
  name,
  count,
  hint,
  icon,
  colour = '#3D7EFF',
  testId = 'org-dept',
  selected,
  onOpen,
}: DepartmentRowProps) {
  const { t } = useTranslation();
  return (
    <PersonRowButton id={id} testId={testId} selected={selected} onClick={onOpen} className={styles.row}>
      <span className={styles.icon} style={{ background: colour }} aria-hidden="true">
        {icon ?? <DepartmentIcon size={22} />}
      </span>
      <span className={styles.label}>
        {hint ? <span className={styles.hint}>{hint}</span> : null}
        {name}
      </span>
      <span className={styles.count} data-testid="org-dept-count">
        {t('org.people', { count })}
      </span>
      <ChevronIcon className={styles.chevron} />
    </PersonRowButton>
  );
}
