import { useCallback, useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@parley/protocol';
import { Page } from '../../../nav/Page';
import { href } from '../../../nav/routes';
import { useOpenBeside, usePane } from '../../../nav/pane-context';
import { useAuth } from '../../../state/auth';
import { MeButton } from '../../../ui/MeButton';
import { EmptyState } from '../../../ui/EmptyState';
import { SearchEntry } from '../../../ui/SearchEntry';
import { ContactsIcon } from '../../../ui/icons';
import { useSystemInfo } from '../../system/api';
import { useOrgEntries } from '../../org/use-org-entries';
import { followOrgChanges } from '../../org/events';
import { useContacts } from '../../../state/conversations/api';
import { groupByLetter } from '../address-book';
import { useFriendBadge } from '../use-friend-badge';
import { AddressBook } from '../components/AddressBook';
import { EntryRow } from '../components/EntryRow';
import { AddPersonIcon, GroupIcon } from '../components/icons';
import styles from './ContactsScreen.module.css';

/**
 * Tab 1: new friends, group chats, in runMode 1 the organization (company, my department, the
 * top-level departments), then my contact set A–Z with an index bar.
 */
export default function ContactsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useAuth((s) => s.userInfo);
  const contacts = useContacts();
  const badge = useFriendBadge();
  const sections = useMemo(() => groupByLetter(contacts.data?.contacts ?? []), [contacts.data]);
  // Desktop: what is open beside the address book lights its row; the rail shows me.
  const beside = useOpenBeside();
  const inList = usePane().pane === 'list';
  const selectedPerson = beside?.route === 'contactDetail' ? beside.id : null;
  // runMode 1 opens on the organization (PROTOCOL §18); runMode 2 keeps friends only.
  const { info } = useSystemInfo();
  const orgEntries = useOrgEntries(
    Number(info.sysInfo.runMode) === 1,
    beside?.route === 'org' ? Number(beside.id) || 0 : null,
  );
  const open = useCallback((c: Contact) => void navigate(href('contactDetail', { id: String(c.id) })), [navigate]);

  const top = useMemo(
    () => [
      <SearchEntry
        key="search"
        label={t('search.box')}
        onOpen={() => void navigate(href('search'))}
        testId="contacts-search"
      />,
      <EntryRow
        key="friends"
        icon={<AddPersonIcon size={22} />}
        colour="#FA9D3B"
        label={t('contacts.newFriends')}
        badge={badge}
        testId="contacts-new-friends"
        badgeTestId="contacts-new-friends-badge"
        selected={beside?.route === 'newFriends'}
        onClick={() => void navigate(href('newFriends'))}
      />,
      <EntryRow
        key="groups"
        icon={<GroupIcon size={22} />}
        colour="#07C160"
        label={t('contacts.groupChats')}
        testId="contacts-groups"
        selected={beside?.route === 'groupList'}
        onClick={() => void navigate(href('groupList'))}
      />,
      ...orgEntries,
    ],
    [t, badge, navigate, beside?.route, orgEntries],
  );

  const loading = contacts.isPending && contacts.fetchStatus !== 'idle';
  const failed = contacts.isError;
  const refetch = contacts.refetch;
  // A newcomer, a departure or a move (orgChanged) shows here without a reload (org/events.ts).
  useEffect(() => followOrgChanges(() => void refetch({ cancelRefetch: false })), [refetch]);
  // Listed after the fixed entries (the organization's among them), which stay usable above it.
  const empty = useMemo(
    () =>
      loading ? null : (
        <EmptyState
          testId="contacts-empty"
          icon={<ContactsIcon size={56} />}
          text={failed ? t('contacts.loadFailed') : t('contacts.empty')}
          actionText={failed ? t('contacts.retry') : t('contacts.emptyAction')}
          onAction={() => (failed ? void refetch() : void navigate(href('searchFriends')))}
        />
      ),
    [loading, failed, refetch, t, navigate],
  );
  return (
    <Page
      right={
        inList ? null : (
          <MeButton
            name={me?.displayName || me?.realname || ''}
            avatar={me?.avatar}
            seed={me?.user_id}
            onClick={() => void navigate(href('mine'))}
          />
        )
      }
    >
      <div className={styles.fill}>
        <AddressBook
          top={top}
          sections={sections}
          empty={empty}
          roundAvatar={Boolean(me?.setting?.avatarCricle)}
          selectedId={selectedPerson}
          onOpen={open}
        />
      </div>
    </Page>
  );
}
