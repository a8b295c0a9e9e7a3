import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd-mobile';
import { friendLimits, FriendStatus } from '@parley/protocol';
import { Page } from '../../../nav/Page';
import { href } from '../../../nav/routes';
import { EmptyState } from '../../../ui/EmptyState';
import { ListGroup, ListRow } from '../../../ui/ListRow';
import { dialogs } from '../../../ui/dialogs';
import { useAuth } from '../../../state/auth';
import { useSystemInfo } from '../../system/api';
import { useFriendRequests, useUserInfo } from '../api';
import { useContacts } from '../../../state/conversations/api';
import { findContact } from '../../../state/conversations/model';
import { useFriendActions } from '../use-friend-actions';
import { ApplySheet } from '../components/ApplySheet';
import { UserHeader } from '../components/UserHeader';
import { UserCallButtons } from '../../calls/components/UserCallButtons';
import styles from './UserDetailScreen.module.css';
import { EmojiText } from '../../../ui/emoji/EmojiText';

/** `/pages/contacts/detail?id=<uid>`: someone's card and what I can do with them. */
export default function UserDetailScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const userId = Number(params.get('id')) || 0;
  const me = useAuth((s) => s.userInfo);
  const { info } = useSystemInfo();
  const card = useUserInfo(userId);
  const contacts = useContacts();
  const inContactSet = Boolean(findContact(contacts.data, userId));
  const actions = useFriendActions(userId);
  const [applying, setApplying] = useState(false);
  const isStranger = Boolean(card.data) && !card.data?.friend && !inContactSet && me?.user_id !== userId;
  // My pending request to them (the "sent" list), so the card says so however often it is reopened.
  const sent = useFriendRequests(1, isStranger);
  const requested = (sent.data ?? []).some((r) => r.friend_user_id === userId && r.status === FriendStatus.pending);

  if (card.isError || userId <= 0) {
    return (
      <Page>
        <EmptyState testId="detail-error" text={card.error?.message || t('common.noData')} />
      </Page>
    );
  }
  const user = card.data;
  if (!user) return <Page>{null}</Page>;

  const friend = user.friend || null;
  const isMe = me?.user_id === user.user_id;
  // runMode 1: everyone is a contact and nobody needs asking (PROTOCOL §1.7).
  const canAdd = !isMe && !friend && Number(info.sysInfo.runMode) === 2 && !inContactSet;
  // Only people I may write to get the button (a stranger in runMode 2 would be refused).
  const canMessage = isMe || !canAdd;
  const sexText =
    user.sex === 1
      ? t('contactDetail.male')
      : user.sex === 0
        ? t('contactDetail.female')
        : t('contactDetail.genderUnknown');

  const setRemark = async () => {
    if (!friend) return;
    const r = await dialogs.modal({
      title: t('contactDetail.setRemark'),
      content: friend.nickname || user.displayName,
      editable: true,
      placeholder: t('contactDetail.remarkPlaceholder'),
    });
    if (!r.confirm) return;
    const nickname = r.content.trim();
    if (nickname.length < friendLimits.nicknameMin || nickname.length > friendLimits.nicknameMax) {
      dialogs.toast(t('contactDetail.remarkLength'), { icon: 'error' });
      return;
    }
    actions.remark.mutate({ friendId: friend.friend_id, nickname });
  };

  const remove = async () => {
    const r = await dialogs.modal({
      title: t('contactDetail.deleteFriend'),
      content: t('contactDetail.deleteConfirm', { name: user.displayName }),
      danger: true,
      confirmText: t('contactDetail.deleteFriend'),
    });
    if (!r.confirm) return;
    actions.remove.mutate(undefined, { onSuccess: () => void navigate(href('contacts'), { replace: true }) });
  };

  const apply = (remark: string) =>
    actions.add.mutate(remark, {
      onSuccess: () => {
        setApplying(false);
        dialogs.toast(t('contactDetail.applySent'), { icon: 'success' });
      },
    });

  return (
    <Page>
      <UserHeader user={user} round={Boolean(me?.setting?.avatarCricle)} />
      {user.dep_name || user.position ? (
        // §18: where they sit in the organization; the department opens its page (runMode 1).
        <ListGroup>
          {user.dep_name ? (
            <ListRow
              label={t('org.department')}
              extra={<span data-testid="detail-department">{user.dep_name}</span>}
              onClick={
                Number(info.sysInfo.runMode) === 1 ? () => void navigate(href('org', { id: user.dep_id })) : undefined
              }
            />
          ) : null}
          {user.position ? (
            <ListRow label={t('org.position')} extra={<span data-testid="detail-position">{user.position}</span>} />
          ) : null}
        </ListGroup>
      ) : null}
      <ListGroup>
        <ListRow label={t('contactDetail.gender')} extra={sexText} />
        {user.location ? <ListRow label={t('contactDetail.region')} extra={user.location} /> : null}
        {user.motto ? (
          <ListRow
            label={t('contactDetail.motto')}
            extra={
              <span className={styles.motto}>
                <EmojiText text={user.motto} />
              </span>
            }
          />
        ) : null}
        <ListRow
          label={t('moments.discover.moments')}
          onClick={() => void navigate(href('moments', { user_id: user.user_id }))}
          testId="detail-moments"
        />
      </ListGroup>
      {friend ? (
        <ListGroup>
          <ListRow
            label={t('contactDetail.setRemark')}
            extra={friend.nickname}
            onClick={() => void setRemark()}
            testId="detail-remark"
          />
        </ListGroup>
      ) : null}
      <div className={styles.actions}>
        {canAdd ? (
          <Button
            block
            color="primary"
            disabled={requested}
            onClick={() => setApplying(true)}
            data-testid="detail-add-friend"
            data-requested={requested ? '1' : '0'}
          >
            {requested ? t('contactDetail.requestSent') : t('contactDetail.addFriend')}
          </Button>
        ) : null}
        {canMessage ? (
          <Button
            block
            color="primary"
            onClick={() => void navigate(href('chat', { id: isMe ? -1 : user.user_id }))}
            data-testid="detail-send-message"
          >
            {t('contactDetail.sendMessage')}
          </Button>
        ) : null}
        {canMessage && !isMe ? (
          <UserCallButtons peer={{ id: user.user_id, name: user.displayName, avatar: user.avatar }} />
        ) : null}
        {friend ? (
          <Button block color="danger" fill="outline" onClick={() => void remove()} data-testid="detail-delete">
            {t('contactDetail.deleteFriend')}
          </Button>
        ) : null}
      </div>
      <ApplySheet
        visible={applying}
        initial={t('contactDetail.applyDefault', { name: me?.realname ?? '' })}
        busy={actions.add.isPending}
        onClose={() => setApplying(false)}
        onSubmit={apply}
      />
    </Page>
  );
}
