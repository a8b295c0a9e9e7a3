import { Avatar } from './Avatar';
import styles from './PickList.module.css';

export interface CheckRowProps {
  id: number | string;
  name: string;
  avatar?: string;
  on: boolean;
  disabled?: boolean;
  testId: string;
  onTap(): void;
}

/** A person to pick in a list (check mark, avatar, name): choosing members, forward targets. */
export function CheckRow({ id, name, avatar, on, disabled, testId, onTap }: CheckRowProps) {
  return (
    <button
      type="button"
      role="checkbox"
      aria-checked={on}
      className={styles.row}
      disabled={disabled}
      onClick={onTap}
      data-testid={testId}
      data-id={id}
    >
      <span className={`${styles.check} ${on ? styles.checked : ''}`} aria-hidden="true">
        {on ? '✓' : ''}
      </span>
      <Avatar src={avatar} name={name} seed={id} size={40} />
      <span className={styles.label}>{name}</span>
    </button>
  );
}
