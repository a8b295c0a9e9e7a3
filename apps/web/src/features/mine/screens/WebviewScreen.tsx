import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../nav/Page';
import { EmptyState } from '../../../ui/EmptyState';
import { safeWebUrl } from '../webview';
import styles from './WebviewScreen.module.css';

/**
 * In-app browser (/pages/mine/webview?url=…&title=…): the page in a sandboxed frame where it
 * allows framing, and always "open in browser" (many sites refuse frames; we cannot tell).
 * A page of our own origin gets no script rights at all, so it cannot reach this app's storage.
 */
export default function WebviewScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const url = safeWebUrl(params.get('url'));
  const title = params.get('title') || (url ? new URL(url).host : t('routes.webview'));
  const sameOrigin = url ? new URL(url).origin === window.location.origin : false;
  const sandbox = sameOrigin ? '' : 'allow-scripts allow-same-origin allow-forms allow-popups';

  const open = url ? (
    <a className={styles.open} href={url} target="_blank" rel="noopener noreferrer" data-testid="webview-open-external">
      {t('me.webview.openExternal')}
    </a>
  ) : null;

  return (
    <Page title={title} right={open}>
      {url ? (
        <div className={styles.wrap}>
          <iframe
            className={styles.frame}
            src={url}
            title={title}
            sandbox={sandbox}
            referrerPolicy="no-referrer"
            data-testid="webview-frame"
          />
          <p className={styles.hint}>{t('me.webview.blockedHint')}</p>
        </div>
      ) : (
        <EmptyState text={t('me.webview.noUrl')} />
      )}
    </Page>
  );
}
