import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../app/Page';
import { href } from '../../../app/routes';
import { EmptyState } from '../../../ui/EmptyState';
import { ChatIcon } from '../../../ui/icons';
import { useAuth } from '../../auth/store';
import { useSiteName } from '../../system/api';
import { MeButton } from '../../../ui/MeButton';

/** Tab 0. The conversation list arrives with the real-time work; until then, its empty state. */
export default function HomeScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const siteName = useSiteName();
  const me = useAuth((s) => s.userInfo);
  return (
    <Page
      title={siteName}
      right={<MeButton name={me?.displayName || me?.realname || ''} avatar={me?.avatar} seed={me?.user_id} onClick={() => void navigate(href('setting'))} />}
    >
      <EmptyState
        testId="home-empty"
        icon={<ChatIcon size={56} />}
        text={t('home.empty')}
        actionText={t('home.emptyAction')}
        onAction={() => void navigate(href('contacts'), { replace: true })}
      />
    </Page>
  );
}
