import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BackIcon } from './icons';
import styles from './TopBar.module.css';

export interface TopBarProps {
  title: ReactNode;
  /** Show the back button and call this on press. */
  onBack?: () => void;
  left?: ReactNode;
  right?: ReactNode;
}

/** 44 px bar: back on the left, title centred, actions on the right (DESIGN.md). */
export function TopBar({ title, onBack, left, right }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <header className={styles.bar}>
      <div className={styles.side}>
        {onBack ? (
          <button
            type="button"
            className={styles.back}
            onClick={onBack}
            aria-label={t('common.back')}
            data-testid="back"
          >
            <BackIcon size={22} />
          </button>
        ) : (
          left
        )}
      </div>
      <h1 className={styles.title} data-testid="page-title">
        {title}
      </h1>
      <div className={`${styles.side} ${styles.right}`}>{right}</div>
    </header>
  );
}
