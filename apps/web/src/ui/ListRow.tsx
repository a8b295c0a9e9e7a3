import type { ReactNode } from 'react';
import styles from './ListRow.module.css';

export interface ListRowProps {
  label: ReactNode;
  extra?: ReactNode;
  prefix?: ReactNode;
  onClick?: () => void;
  arrow?: boolean;
  testId?: string;
  danger?: boolean;
}

/** A settings-style row; a real button when clickable so keyboards and readers reach it. */
export function ListRow({ label, extra, prefix, onClick, arrow = !!onClick, testId, danger }: ListRowProps) {
  const content = (
    <>
      {prefix ? <span className={styles.prefix}>{prefix}</span> : null}
      <span className={`${styles.label} ${danger ? styles.danger : ''}`}>{label}</span>
      {extra !== undefined ? <span className={styles.extra}>{extra}</span> : null}
      {arrow ? (
        <svg className={styles.arrow} width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
          <path d="M6 3l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      ) : null}
    </>
  );
  return onClick ? (
    <button type="button" className={`${styles.row} ${styles.clickable}`} onClick={onClick} data-testid={testId}>
      {content}
    </button>
  ) : (
    <div className={styles.row} data-testid={testId}>
      {content}
    </div>
  );
}

export function ListGroup({ children }: { children: ReactNode }) {
  return <div className={styles.group}>{children}</div>;
}
