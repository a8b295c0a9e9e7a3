import type { ReactNode } from 'react';
import styles from './EntryRow.module.css';
import { PersonRowButton } from '../../../ui/PersonRowButton';
import tag from '../../../ui/Tag.module.css';

export interface EntryRowProps {
  icon: ReactNode;
  /** Background of the icon tile. */
  colour: string;
  label: string;
  badge?: number;
  testId: string;
  badgeTestId?: string;
  /** Open beside the list (desktop): highlighted with --bg. */
  selected?: boolean;
  onClick: () => void;
}

/** A fixed entry at the top of the address book ("New friends", "Group chats"). */
export function EntryRow({ icon, colour, label, badge = 0, testId, badgeTestId, selected, onClick }: EntryRowProps) {
  return (
    <PersonRowButton testId={testId} selected={selected} onClick={onClick}>
      <span className={styles.icon} style={{ background: colour }} aria-hidden="true">
        {icon}
      </span>
      <span className={styles.label}>{label}</span>
      {badge > 0 ? (
        <span className={tag.count} data-testid={badgeTestId}>
          {badge > 99 ? '99+' : badge}
        </span>
      ) : null}
    </PersonRowButton>
  );
}
