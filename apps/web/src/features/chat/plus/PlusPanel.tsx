import { useTranslation } from 'react-i18next';
import type { PlusEntry } from '../../../ui/plus-entry';
import styles from './PlusPanel.module.css';

/** The grid under the composer that the "+" button opens (WeChat's 4-column tile layout). */
export function PlusPanel({ entries }: { entries: PlusEntry[] }) {
  const { t } = useTranslation();
  return (
    <div className={styles.panel} role="group" aria-label={t('chat.plus')} data-testid="plus-panel">
      {entries.map((e) => (
        <div key={e.key} className={styles.cell}>
          <button type="button" className={styles.tile} onClick={e.onSelect} data-testid={`plus-entry-${e.key}`}>
            <span className={styles.icon} aria-hidden="true">
              {e.icon}
            </span>
            <span className={styles.label}>{e.label}</span>
          </button>
          {e.element}
        </div>
      ))}
    </div>
  );
}
