import { useTranslation } from 'react-i18next';
import styles from './Quote.module.css';
import { EmojiText } from '../../ui/emoji/EmojiText';

/** Above the composer while quoting: "Quoting <name>: <preview>" and a × to stop. */
export function QuoteBar({ name, preview, onCancel }: { name: string; preview: string; onCancel(): void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.bar} data-testid="quote-bar">
      <span className={styles.barText}>
        <EmojiText text={t('messageActions.quote.quoting', { name, preview })} />
      </span>
      <button
        type="button"
        className={styles.close}
        onClick={onCancel}
        aria-label={t('messageActions.quote.cancel')}
        data-testid="quote-cancel"
      >
        ×
      </button>
    </div>
  );
}
