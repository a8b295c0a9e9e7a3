import { useTranslation } from 'react-i18next';
import { Page } from '../../../app/Page';
import { EmptyState } from '../../../ui/EmptyState';
import { ContactsIcon } from '../../../ui/icons';

/** Tab 1. The address book arrives with the contacts work; until then, its empty state. */
export default function ContactsScreen() {
  const { t } = useTranslation();
  return (
    <Page>
      <EmptyState testId="contacts-empty" icon={<ContactsIcon size={56} />} text={t('contacts.empty')} />
    </Page>
  );
}
