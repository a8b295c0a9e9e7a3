import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../app/Page';
import { href } from '../../../app/routes';
import { useAuth } from '../../auth/store';
import { MeButton } from '../../../ui/MeButton';
import { EmptyState } from '../../../ui/EmptyState';
import { ContactsIcon } from '../../../ui/icons';

/** Tab 1. The address book arrives with the contacts work; until then, its empty state. */
export default function ContactsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useAuth((s) => s.userInfo);
  return (
    <Page
      right={<MeButton name={me?.displayName || me?.realname || ''} avatar={me?.avatar} seed={me?.user_id} onClick={() => void navigate(href('setting'))} />}
    >
      <EmptyState testId="contacts-empty" icon={<ContactsIcon size={56} />} text={t('contacts.empty')} />
    </Page>
  );
}
