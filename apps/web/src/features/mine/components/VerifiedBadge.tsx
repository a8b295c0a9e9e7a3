import { useTranslation } from 'react-i18next';
import styles from '../screens/SecureScreen.module.css';

/** "Verified" in the brand's green, or "Not verified" in grey, after an account or e-mail. */
export function VerifiedBadge({ verified, testId }: { verified: boolean; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`${styles.badge} ${verified ? styles.verified : ''}`} data-testid={testId}>
      {verified ? t('me.secure.verified') : t('me.secure.notVerified')}
    </span>
  );
}
