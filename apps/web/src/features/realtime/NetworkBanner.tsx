import { useTranslation } from 'react-i18next';
import { useAuth } from '../../state/auth';
import { useConnection } from '../../state/connection';
import { wakeRealtime } from './realtime';
import styles from './NetworkBanner.module.css';

/** Shown while the socket reports the network down (spec §4); tapping retries at once. */
export function NetworkBanner() {
  const { t } = useTranslation();
  const down = useConnection((s) => s.status === 'down');
  const loggedIn = useAuth((s) => s.token !== null);
  if (!down || !loggedIn) return null;
  return (
    <button type="button" className={styles.banner} onClick={wakeRealtime} data-testid="network-down" role="alert">
      <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="10" fill="currentColor" />
        <path d="M12 6.5v7M12 16.5v1" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      <span>{t('realtime.networkDown')}</span>
    </button>
  );
}
