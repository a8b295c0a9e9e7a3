import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Page } from '../../../nav/Page';
import { href } from '../../../nav/routes';
import { EmptyState } from '../../../ui/EmptyState';
import { useNow } from '../../../lib/use-now';
import { systemUnread, useSystemUnread } from '../../../state/system-unread';
import { contactsKey } from '../../../state/conversations/api';
import { contactEndpoints, friendRequestsKey, useFriendRequests } from '../api';
import { applyRequestEvent } from '../friend-requests';
import { RequestRow } from '../components/RequestRow';
import { AddPersonIcon } from '../components/icons';
import type { FriendRequest } from '../types';
import styles from './NewFriendsScreen.module.css';
import bar from '../../../ui/TopBar.module.css';

/** `/pages/contacts/friend`: requests received and sent, answered in place. */
export default function NewFriendsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const now = useNow();
  const [tab, setTab] = useState<0 | 1>(0);
  const list = useFriendRequests(tab);
  const pushed = useSystemUnread((s) => s.count);

  // Being here reads the pushes: the badge falls back to getContacts' pending count.
  useEffect(() => {
    if (pushed > 0) systemUnread.clear();
  }, [pushed]);

  const answer = useMutation({
    mutationFn: ({ row, status }: { row: FriendRequest; status: 0 | 1 }) =>
      contactEndpoints.answerRequest(row.friend_id, status),
    onSuccess: (_d, { row, status }) => {
      const received = qc.getQueryData<FriendRequest[]>(friendRequestsKey(0)) ?? [];
      const next = applyRequestEvent({ received, sent: [] }, { kind: 'answered', friendId: row.friend_id, status });
      qc.setQueryData(friendRequestsKey(0), next.lists.received);
      // The pending count lives in getContacts; an accepted friend arrives as appendContact.
      void qc.invalidateQueries({ queryKey: contactsKey });
    },
  });

  const rows = list.data ?? [];
  const tabs = [
    { key: 0 as const, label: t('friendRequests.received'), testId: 'friend-tab-received' },
    { key: 1 as const, label: t('friendRequests.sent'), testId: 'friend-tab-sent' },
  ];

  return (
    <Page right={<AddButton onClick={() => void navigate(href('searchFriends'))} />}>
      <div className={styles.tabs} role="tablist">
        {tabs.map((x) => (
          <button
            key={x.key}
            type="button"
            role="tab"
            aria-selected={tab === x.key}
            className={`${styles.tab} ${tab === x.key ? styles.active : ''}`}
            onClick={() => setTab(x.key)}
            data-testid={x.testId}
          >
            {x.label}
          </button>
        ))}
      </div>
      {list.isPending ? null : rows.length === 0 ? (
        <EmptyState
          testId="friend-requests-empty"
          icon={<AddPersonIcon size={56} />}
          text={tab === 0 ? t('friendRequests.emptyReceived') : t('friendRequests.emptySent')}
          actionText={t('friendRequests.addFriends')}
          onAction={() => void navigate(href('searchFriends'))}
        />
      ) : (
        <ul className={styles.list} role="tabpanel">
          {rows.map((row) => (
            <RequestRow
              key={row.friend_id}
              row={row}
              mine={tab === 1}
              now={now}
              busy={answer.isPending && answer.variables?.row.friend_id === row.friend_id}
              onOpen={(id) => void navigate(href('contactDetail', { id }))}
              onAnswer={(r, status) => answer.mutate({ row: r, status })}
            />
          ))}
        </ul>
      )}
    </Page>
  );
}

function AddButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className={bar.iconButton} onClick={onClick} aria-label={t('friendRequests.addFriends')}>
      <AddPersonIcon size={22} />
    </button>
  );
}
