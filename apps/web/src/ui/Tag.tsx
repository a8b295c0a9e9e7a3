import type { ReactNode } from 'react';
import styles from './Tag.module.css';

export type TagTone = 'brand' | 'danger' | 'warning' | 'neutral' | 'info';

/** Small coloured label (owner, manager, muted, bot…). */
export function Tag({ tone = 'brand', children }: { tone?: TagTone; children: ReactNode }) {
  return <span className={`${styles.tag} ${styles[tone]}`}>{children}</span>;
}
