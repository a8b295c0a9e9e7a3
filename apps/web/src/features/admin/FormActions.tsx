import type { ReactNode } from 'react';
import styles from './Admin.module.css';

export interface FormAction {
  label: string;
  onClick(): unknown;
  testId: string;
  /** The form's main action (save): drawn as the primary button. */
  primary?: boolean;
}

/**
 * A settings form's row of buttons (save first), all disabled while one of them runs so a second
 * click cannot send the form twice; `children` follow the buttons (a hint, an extra input).
 */
export function FormActions({
  actions,
  busy,
  gap = 12,
  children,
}: {
  actions: FormAction[];
  busy: boolean;
  gap?: number;
  children?: ReactNode;
}) {
  return (
    <div className={styles.toolbar} style={{ marginTop: gap }}>
      {actions.map((a) => (
        <button
          key={a.testId}
          type="button"
          className={a.primary ? `${styles.btn} ${styles.primary}` : styles.btn}
          disabled={busy}
          onClick={() => void a.onClick()}
          data-testid={a.testId}
        >
          {a.label}
        </button>
      ))}
      {children}
    </div>
  );
}
