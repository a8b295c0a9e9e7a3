import { useTranslation } from 'react-i18next';
import type { CallState } from '../machine';
import { useCallStatus } from '../use-call-status';
import { PhoneIcon } from './icons';
import styles from './ReturnToCall.module.css';

/** The green pill on other pages while a call goes on: tap to go back to it. */
export function ReturnToCall({ state, onOpen }: { state: CallState; onOpen(): void }) {
  const { t } = useTranslation();
  const status = useCallStatus(state);
  return (
    <button
      type="button"
      className={styles.pill}
      onClick={onOpen}
      aria-label={t('calls.backToCall')}
      data-testid="call-return"
    >
      <PhoneIcon size={18} />
      <span className={styles.text}>{status}</span>
    </button>
  );
}
