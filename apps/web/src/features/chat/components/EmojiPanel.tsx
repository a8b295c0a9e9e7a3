import { useTranslation } from 'react-i18next';
import { emojiGroups } from '../emoji-data';
import styles from './EmojiPanel.module.css';

/** Grid of bundled Unicode emoji; a tap inserts one at the caret (loaded on first open). */
export default function EmojiPanel({ onPick }: { onPick(emoji: string): void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.panel} data-testid="emoji-panel" role="group" aria-label={t('chat.emoji')}>
      {emojiGroups.map((g) => (
        <div key={g.key} className={styles.grid}>
          {g.emoji.map((e) => (
            <button key={e} type="button" className={styles.emoji} onClick={() => onPick(e)} aria-label={e}>
              {e}
            </button>
          ))}
        </div>
      ))}
    </div>
  );
}
