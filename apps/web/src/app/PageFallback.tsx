import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
// By its own path: part of the first load (see app/providers.tsx).
import DotLoading from 'antd-mobile/es/components/dot-loading';
import styles from './PageFallback.module.css';

/** Spec §9: a lazy page shows its loading state only once it has taken this long (no flash). */
const LOADING_DELAY_MS = 200;

/** The loading state of a page whose code is still on its way: nothing for 200 ms, then dots. */
export function PageFallback() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const h = setTimeout(() => setShown(true), LOADING_DELAY_MS);
    return () => clearTimeout(h);
  }, []);
  return (
    <div
      className={styles.fallback}
      role="progressbar"
      aria-busy="true"
      aria-label={t('common.loading')}
      data-testid="page-loading"
    >
      {shown ? <DotLoading color="primary" /> : null}
    </div>
  );
}

/** A page whose code did not load (offline, or a deploy replaced the files): tap to try again. */
export function PageLoadFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.fallback} data-testid="page-load-failed">
      <button type="button" className={styles.retry} onClick={onRetry} data-testid="page-load-retry">
        {t('errors.loadFailed')}
      </button>
    </div>
  );
}
