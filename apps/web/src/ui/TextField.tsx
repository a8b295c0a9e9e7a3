import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './TextField.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Already translated message shown under the field. */
  error?: string | null;
  testId?: string;
  /** Something after the input: a "send code" button, a visibility toggle. */
  suffix?: ReactNode;
}

/** Labelled native input (fillable by tests and screen readers alike) with an inline error. */
export function TextField({ label, value, onChange, error, testId, suffix, id, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div className={styles.field}>
      <div className={`${styles.row} ${error ? styles.invalid : ''}`}>
        <label className={styles.label} htmlFor={inputId}>
          {label}
        </label>
        <input
          {...rest}
          id={inputId}
          className={styles.input}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid={testId}
        />
        {suffix ? <div className={styles.suffix}>{suffix}</div> : null}
      </div>
      {error ? (
        <p className={styles.error} id={errorId} role="alert" data-testid={testId ? `${testId}-error` : undefined}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
