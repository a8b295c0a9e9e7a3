import type { ReactNode } from 'react';
import styles from './CallButton.module.css';

export interface CallButtonProps {
  label: string;
  icon: ReactNode;
  onClick(): void;
  /** Red (hang up, decline) or green (accept); default translucent. */
  tone?: 'danger' | 'accept';
  /** A switch (mic, camera, speaker): its state for screen readers and the light face when on. */
  pressed?: boolean;
  disabled?: boolean;
  testId: string;
}

/** One 64 px round control of the call screen with its label underneath. */
export function CallButton({ label, icon, onClick, tone, pressed, disabled, testId }: CallButtonProps) {
  const face =
    tone === 'danger' ? styles.danger : tone === 'accept' ? styles.accept : pressed ? styles.on : styles.plain;
  return (
    <div className={styles.cell}>
      <button
        type="button"
        className={`${styles.button} ${face}`}
        onClick={onClick}
        disabled={disabled}
        aria-label={label}
        {...(pressed !== undefined ? { 'aria-pressed': pressed } : {})}
        data-testid={testId}
      >
        {icon}
      </button>
      <span className={styles.label} aria-hidden="true">
        {label}
      </span>
    </div>
  );
}
