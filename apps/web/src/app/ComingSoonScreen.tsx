import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../ui/EmptyState';
import { ToolIcon } from '../ui/icons';
import { Page } from './Page';
import { href } from './routes';

/** Stand-in for routes declared in spec §2 whose page is not built yet. */
export default function ComingSoonScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page>
      <EmptyState
        testId="coming-soon"
        icon={<ToolIcon size={56} />}
        text={`${t('common.comingSoon')} — ${t('common.comingSoonHint')}`}
        actionText={t('common.backHome')}
        onAction={() => void navigate(href('home'))}
      />
    </Page>
  );
}
