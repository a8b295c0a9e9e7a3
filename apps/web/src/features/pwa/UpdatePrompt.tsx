import { useTranslation } from 'react-i18next';
import { applyUpdate, dismissUpdate, useUpdate } from './update';
import styles from './UpdatePrompt.module.css';

/**
 * "New version — reload": shown on every screen once a new build waits. Reloading is the user's
 * call (a half-typed message would be lost to a forced reload); "Later" hides it until the next
 * start, where the new version is taken anyway once every old tab is closed.
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const waiting = useUpdate((s) => s.waiting);
  if (!waiting) return null;
  return (
    <div className={styles.prompt} role="status" aria-live="polite" data-testid="update-prompt">
      <div className={styles.text}>
        <strong>{t('pwa.update.title')}</strong>
        <span>{t('pwa.update.text')}</span>
      </div>
      <button type="button" className={styles.later} onClick={dismissUpdate}>
        {t('pwa.update.later')}
      </button>
      <button type="button" className={styles.reload} onClick={applyUpdate} data-testid="update-reload">
        {t('pwa.update.reload')}
      </button>
    </div>
  );
}
