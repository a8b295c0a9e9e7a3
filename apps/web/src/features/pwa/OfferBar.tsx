import { useTranslation } from 'react-i18next';
import { acceptOffer, declineOffer, useNotifyOffer } from './permission';
import styles from './UpdatePrompt.module.css';

/** "Turn on notifications?" once, after the first chat opened; the chat stays usable under it. */
export function OfferBar() {
  const { t } = useTranslation();
  const open = useNotifyOffer((s) => s.open);
  if (!open) return null;
  return (
    <div
      className={`${styles.prompt} ${styles.top}`}
      role="dialog"
      aria-modal="false"
      aria-labelledby="notify-offer-title"
      data-testid="notify-offer"
    >
      <div className={styles.text}>
        <strong id="notify-offer-title">{t('pwa.notify.askTitle')}</strong>
        <span>{t('pwa.notify.askText')}</span>
      </div>
      <button type="button" className={styles.later} onClick={declineOffer}>
        {t('pwa.notify.askLater')}
      </button>
      <button type="button" className={styles.reload} onClick={acceptOffer} data-testid="notify-offer-ok">
        {t('pwa.notify.askOk')}
      </button>
    </div>
  );
}
