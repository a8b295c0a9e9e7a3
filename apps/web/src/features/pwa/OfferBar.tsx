import { useTranslation } from 'react-i18next';
import { acceptOffer, declineOffer, useNotifyOffer } from './permission';
import styles from './OfferBar.module.css';

/**
 * "Turn on notifications?" once per account, after the first chat opened: drawn in the chat's
 * column above the messages, so nothing of the screen is under it.
 */
export function OfferBar() {
  const { t } = useTranslation();
  const open = useNotifyOffer((s) => s.open);
  if (!open) return null;
  return (
    <div className={styles.bar} role="region" aria-labelledby="notify-offer-title" data-testid="notify-offer">
      <div className={styles.text}>
        <strong id="notify-offer-title">{t('pwa.notify.askTitle')}</strong>
        <span>{t('pwa.notify.askText')}</span>
      </div>
      <button type="button" className={styles.later} onClick={declineOffer}>
        {t('pwa.notify.askLater')}
      </button>
      <button type="button" className={styles.ok} onClick={acceptOffer} data-testid="notify-offer-ok">
        {t('pwa.notify.askOk')}
      </button>
    </div>
  );
}
