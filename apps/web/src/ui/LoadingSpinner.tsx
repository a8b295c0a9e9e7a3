import { useTranslation } from 'react-i18next';
import styles from './LoadingSpinner.module.css';

/** The centred spinner a list shows while its first page loads (announced as "loading"). */
export function LoadingSpinner({ testId }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <div
      className={styles.spinner}
      role="progressbar"
      aria-busy="true"
      aria-label={t('common.loading')}
      data-testid={testId}
    />
  );
}
