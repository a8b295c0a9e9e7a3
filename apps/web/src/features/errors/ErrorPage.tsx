// By its own path: part of the first load (see app/providers.tsx).
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { ToolIcon } from '../../ui/icons';
import styles from './ErrorPage.module.css';

export interface ErrorPageProps {
  onHome(): void;
}

/**
 * What a person sees when a screen crashed: a sentence in their language, "reload" and "back
 * home". Never the error itself: the stack went to the console and the server's log.
 */
export function ErrorPage({ onHome }: ErrorPageProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.root} role="alert" data-testid="error-page">
      <div className={styles.icon}>
        <ToolIcon size={56} />
      </div>
      <h1 className={styles.title}>{t('errors.title')}</h1>
      <p className={styles.text}>{t('errors.text')}</p>
      <div className={styles.actions}>
        <Button color="primary" onClick={() => window.location.reload()} data-testid="error-reload">
          {t('errors.reload')}
        </Button>
        <Button color="primary" fill="outline" onClick={onHome} data-testid="error-home">
          {t('errors.home')}
        </Button>
      </div>
    </div>
  );
}
