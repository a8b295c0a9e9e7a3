import type { ReactNode } from 'react';
// By its own path: part of the first load (see app/providers.tsx).
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { InboxIcon } from './icons';
import styles from './EmptyState.module.css';

export interface EmptyStateProps {
  /** One sentence; defaults to "no data". */
  text?: string;
  icon?: ReactNode;
  actionText?: string;
  onAction?: () => void;
  testId?: string;
}

/** Icon, one sentence, and the next action as a button (DESIGN.md "Empty states"). */
export function EmptyState({ text, icon, actionText, onAction, testId }: EmptyStateProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.root} role="status" data-testid={testId ?? 'empty-state'}>
      <div className={styles.icon}>{icon ?? <InboxIcon size={56} />}</div>
      <p className={styles.text}>{text ?? t('common.noData')}</p>
      {actionText && onAction ? (
        <Button color="primary" fill="outline" size="small" className={styles.action} onClick={onAction}>
          {actionText}
        </Button>
      ) : null}
    </div>
  );
}
