import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SwipeAction } from 'antd-mobile';
import type { Contact } from '@parley/protocol';
import { Page } from '../../../nav/Page';
import { href } from '../../../nav/routes';
import { useOpenBeside, usePane } from '../../../nav/pane-context';
import { EmptyState } from '../../../ui/EmptyState';
import { ChatIcon } from '../../../ui/icons';
import { useNow } from '../../../lib/use-now';
import { useAuth } from '../../../state/auth';
import { useSiteName } from '../../system/api';
import { MeButton } from '../../../ui/MeButton';
import { SearchEntry } from '../../../ui/SearchEntry';
import { conversationActions, useContacts, useConversationAction } from '../../../state/conversations/api';
import { homeConversations, keyOf } from '../../../state/conversations/model';
import { useUserDrafts } from '../../../state/messages/drafts';
import { ConversationRow } from '../components/ConversationRow';
import { PlusMenu } from '../components/PlusMenu';
import { DiscoverButton } from '../../moments/components/DiscoverButton';
import styles from './HomeScreen.module.css';

const loadDialogs = () => import('../../../ui/dialogs').then((m) => m.dialogs);

/** Tab 0: the conversation list of spec §4 (pinned first, newest first). */
export default function HomeScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const siteName = useSiteName();
  const me = useAuth((s) => s.userInfo);
  const drafts = useUserDrafts(me?.user_id);
  const contacts = useContacts();
  const action = useConversationAction();
  const now = useNow();
  const list = useMemo(() => homeConversations(contacts.data?.contacts ?? [], drafts), [contacts.data, drafts]);
  const round = Boolean(me?.setting?.avatarCricle);
  // Desktop: the chat (or its detail) open beside the list lights its row; the rail holds Me and Discover.
  const beside = useOpenBeside();
  const selected = beside && (beside.route === 'chat' || beside.route === 'chatDetail') ? keyOf(beside.id ?? '') : null;
  const inList = usePane().pane === 'list';

  const open = useCallback((c: Contact) => void navigate(href('chat', { id: String(c.id) })), [navigate]);
  const { mutate } = action;
  const menu = useCallback(
    async (c: Contact) => {
      const dialogs = await loadDialogs();
      const key = await dialogs.actionSheet(
        [
          { key: 'pin', text: c.is_top ? t('home.unpin') : t('home.pin') },
          { key: 'mute', text: c.is_notice ? t('home.mute') : t('home.unmute') },
          { key: 'delete', text: t('home.delete'), danger: true },
        ] as const,
        { title: c.displayName },
      );
      if (key === 'pin') mutate(conversationActions.pin(c));
      else if (key === 'mute') mutate(conversationActions.mute(c));
      else if (key === 'delete') mutate(conversationActions.remove(c));
    },
    [mutate, t],
  );

  let body;
  if (contacts.isPending && contacts.fetchStatus !== 'idle') {
    body = <Skeleton />;
  } else if (list.length === 0) {
    body = (
      <EmptyState
        testId="home-empty"
        icon={<ChatIcon size={56} />}
        text={t('home.empty')}
        actionText={t('home.emptyAction')}
        onAction={() => void navigate(href('contacts'), { replace: true })}
      />
    );
  } else {
    body = (
      <ul className={styles.list} aria-label={t('routes.home')}>
        {list.map((c) => (
          <li key={keyOf(c.id)}>
            <SwipeAction
              rightActions={[
                {
                  key: 'pin',
                  text: c.is_top ? t('home.unpin') : t('home.pin'),
                  color: '#576B95',
                  onClick: () => mutate(conversationActions.pin(c)),
                },
                {
                  key: 'mute',
                  text: <span className={styles.onWarning}>{c.is_notice ? t('home.mute') : t('home.unmute')}</span>,
                  color: 'warning',
                  onClick: () => mutate(conversationActions.mute(c)),
                },
                {
                  key: 'delete',
                  text: t('home.delete'),
                  color: 'danger',
                  onClick: () => mutate(conversationActions.remove(c)),
                },
              ]}
            >
              <ConversationRow
                contact={c}
                draft={drafts[keyOf(c.id)]}
                selected={selected === keyOf(c.id)}
                now={now}
                roundAvatar={round}
                onOpen={open}
                onMenu={(x) => void menu(x)}
              />
            </SwipeAction>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Page
      title={siteName}
      right={
        <>
          {inList ? null : <DiscoverButton />}
          <PlusMenu />
          {inList ? null : (
            <MeButton
              name={me?.displayName || me?.realname || ''}
              avatar={me?.avatar}
              seed={me?.user_id}
              onClick={() => void navigate(href('mine'))}
            />
          )}
        </>
      }
    >
      <SearchEntry label={t('search.box')} onOpen={() => void navigate(href('search'))} testId="home-search" />
      {body}
    </Page>
  );
}

function Skeleton() {
  const { t } = useTranslation();
  return (
    <div
      className={styles.skeleton}
      role="progressbar"
      aria-busy="true"
      aria-label={t('common.loading')}
      data-testid="home-loading"
    >
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className={styles.skeletonRow}>
          <span className={styles.skeletonAvatar} />
          <span className={styles.skeletonLines}>
            <span />
            <span />
          </span>
        </div>
      ))}
    </div>
  );
}
