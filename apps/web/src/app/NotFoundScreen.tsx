import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../ui/EmptyState';
import { Page } from '../nav/Page';
import { href } from '../nav/routes';

/** Unknown hash route (spec §8 'page not found'). */
export function NotFoundScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page title={t('common.pageNotFound')}>
      <EmptyState
        testId="not-found"
        text={t('common.pageNotFoundHint')}
        actionText={t('common.backHome')}
        onAction={() => void navigate(href('home'), { replace: true })}
      />
    </Page>
  );
}
