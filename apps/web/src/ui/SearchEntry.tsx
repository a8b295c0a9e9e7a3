import { startTypeAhead } from '../lib/type-ahead';
import styles from './SearchEntry.module.css';

export interface SearchEntryProps {
  label: string;
  onOpen(): void;
  testId?: string;
}

/**
 * A search box that opens the search page (home, address book): a button dressed as a field.
 * What is typed before that page's box has focus goes into it (lib/type-ahead).
 */
export function SearchEntry({ label, onOpen, testId }: SearchEntryProps) {
  return (
    <div className={styles.wrap}>
      <button
        type="button"
        className={styles.box}
        onClick={() => {
          startTypeAhead(label);
          onOpen();
        }}
        data-testid={testId}
      >
        <svg width="16" height="16" viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="6.5" stroke="currentColor" strokeWidth="2" />
          <path d="m16 16 4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span>{label}</span>
      </button>
    </div>
  );
}
