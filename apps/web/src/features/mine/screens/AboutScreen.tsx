import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { APP_VERSION, VERSION_CODE } from '@parley/protocol';
import { Page } from '../../../nav/Page';
import { endpoints } from '../../../lib/endpoints';
import { dialogs } from '../../../ui/dialogs';
import { ListGroup, ListRow } from '../../../ui/ListRow';
import { useSiteName } from '../../system/api';
import { AuthHeader } from '../../auth/components/AuthHeader';
import styles from './AboutScreen.module.css';

export default function AboutScreen() {
  const { t } = useTranslation();
  const siteName = useSiteName();
  const check = useMutation({ mutationFn: endpoints.checkVersion });

  const onCheck = () => {
    dialogs.loading.show();
    check.mutate(undefined, {
      onSettled: () => dialogs.loading.hide(),
      onSuccess: async (v) => {
        if (!v.downloadUrl) {
          dialogs.toast(t('mine.upToDate'), { icon: 'success' });
          return;
        }
        const { confirm } = await dialogs.modal({
          title: t('mine.newVersion', { version: v.versionName }),
          content: v.versionInfo,
          confirmText: t('mine.download'),
          showCancel: v.updateType !== 'forcibly',
        });
        if (confirm) window.open(v.downloadUrl, '_blank', 'noopener');
      },
    });
  };

  return (
    <Page>
      <AuthHeader title={siteName} />
      <p className={styles.version} data-testid="app-version">
        {t('mine.version', { version: APP_VERSION, code: VERSION_CODE })}
      </p>
      <ListGroup>
        <ListRow label={t('mine.checkUpdate')} onClick={onCheck} testId="check-update" />
      </ListGroup>
    </Page>
  );
}
