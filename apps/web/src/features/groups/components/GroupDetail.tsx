import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Popup } from 'antd-mobile';
import { ContactKind, type Contact } from '@parley/protocol';
import { href } from '../../../nav/routes';
import { dialogs } from '../../../ui/dialogs';
import { ListGroup, ListRow } from '../../../ui/ListRow';
import { useAuth } from '../../../state/auth';
import { messagesKey } from '../../../state/messages/api';
import {
  conversationActions,
  contactsKey,
  patchConversation,
  useConversationAction,
} from '../../../state/conversations/api';
import { keyOf, type ContactsData } from '../../../state/conversations/model';
import { groupApi, memberName, refreshGroup, useGroupMembers } from '../api';
import { canClearHistory, canInvite, canOpenMemberCard, isManager, isOwner, settingOf } from '../permissions';
import { expectOwnRemoval } from '../events';
import { GroupSettingsPanel } from './GroupSettingsPanel';
import { MemberGrid } from './MemberGrid';
import { NoticeContent } from './NoticeContent';
import styles from './GroupDetail.module.css';
import { SwitchRow } from '../../../ui/SwitchRow';
import { HistoryEntry } from '../../history/HistoryEntry';
import { ScreenBoundary } from '../../errors/ScreenBoundary';

const NoticeEditor = lazy(() => import('../editor/NoticeEditor'));

/** How many avatars the chat-info grid shows before "all members". */
const GRID_MAX = 18;

/** Chat info of a group: members, name, announcement, my card, switches, and the owner's tools. */
export function GroupDetail({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const me = useAuth((s) => s.userInfo);
  const myId = me?.user_id ?? 0;
  const gid = keyOf(contact.id);
  const role = contact.role;
  const setting = settingOf(contact.setting);
  const members = useGroupMembers(gid);
  const action = useConversationAction();
  const [editing, setEditing] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const mine = members.data?.find((m) => m.user_id === myId);
  const list = members.data ?? [];

  const rename = async () => {
    const r = await dialogs.modal({
      title: t('groups.detail.rename'),
      content: contact.displayName,
      editable: true,
      placeholder: t('groups.detail.renameHint'),
    });
    const name = r.content.trim();
    if (!r.confirm || !name || name === contact.displayName) return;
    await groupApi.rename(gid, name).then(
      () => patchConversation(qc, gid, { displayName: name }),
      () => undefined,
    );
  };

  const editCard = async () => {
    const current = mine?.nickname ?? '';
    const r = await dialogs.modal({
      title: t('groups.detail.card'),
      content: current,
      editable: true,
      placeholder: t('groups.detail.cardHint'),
    });
    if (!r.confirm || r.content.trim() === current) return;
    await groupApi.updateCard(gid, r.content.trim()).then(
      () => refreshGroup(qc, gid),
      () => undefined,
    );
  };

  const [reading, setReading] = useState(false);
  const showNotice = () => {
    if (isManager(role)) setEditing(true);
    else if (contact.notice) setReading(true);
  };

  const confirmThen = async (content: string, run: () => Promise<unknown>, danger = true) => {
    const r = await dialogs.modal({ content, danger });
    if (!r.confirm) return false;
    try {
      await run();
      return true;
    } catch {
      return false;
    }
  };

  const clear = async () => {
    if (await confirmThen(t('groups.detail.clearConfirm'), () => groupApi.clear(gid))) {
      qc.setQueryData(messagesKey(gid), { messages: [], hasMore: false });
      patchConversation(qc, gid, { lastContent: '', unread: 0, is_at: 0 });
    }
  };

  const leaveOrDisband = async (disband: boolean) => {
    const ok = await confirmThen(disband ? t('groups.detail.disbandConfirm') : t('groups.detail.leaveConfirm'), () => {
      expectOwnRemoval(gid);
      return disband ? groupApi.disband(gid) : groupApi.removeUser(gid, myId);
    });
    if (!ok) return;
    qc.setQueryData<ContactsData>(contactsKey, (d) =>
      d ? { ...d, contacts: d.contacts.filter((c) => keyOf(c.id) !== gid) } : d,
    );
    qc.removeQueries({ queryKey: messagesKey(gid) });
    void navigate(href('home'), { replace: true });
  };

  return (
    <>
      <MemberGrid
        members={list
          .slice(0, GRID_MAX)
          .map((m) => ({ user_id: m.user_id, name: memberName(m), avatar: m.userInfo?.avatar }))}
        onOpen={(uid) => {
          const known =
            qc
              .getQueryData<ContactsData>(contactsKey)
              ?.contacts.some((c) => c.is_group === ContactKind.person && keyOf(c.id) === keyOf(uid)) ?? false;
          if (canOpenMemberCard(role, setting, uid === myId, known)) void navigate(href('contactDetail', { id: uid }));
          else dialogs.toast(t('groups.settings.profileClosed'), { icon: 'error' });
        }}
        onInvite={
          canInvite(role, setting)
            ? () => void navigate(href('userSelection', { mode: 'addMembers', id: gid }))
            : undefined
        }
        onRemove={isManager(role) ? () => void navigate(href('groupUser', { id: gid })) : undefined}
        round={Boolean(me?.setting?.avatarCricle)}
      />
      <ListGroup>
        <ListRow
          label={t('groups.detail.allMembers', { count: list.length })}
          onClick={() => void navigate(href('groupUser', { id: gid }))}
          testId="detail-all-members"
        />
      </ListGroup>
      <ListGroup>
        <ListRow
          label={t('groups.detail.groupName')}
          extra={contact.displayName}
          onClick={isManager(role) ? () => void rename() : undefined}
          testId="detail-group-name"
        />
        <ListRow
          label={t('groups.detail.notice')}
          extra={contact.notice ? undefined : t('groups.detail.noNotice')}
          onClick={isManager(role) || contact.notice ? showNotice : undefined}
          arrow={isManager(role)}
          testId="detail-notice"
        />
        {contact.notice ? (
          <button
            type="button"
            className={styles.noticePreview}
            onClick={showNotice}
            data-testid="detail-notice-preview"
          >
            <NoticeContent html={contact.notice} clamped />
          </button>
        ) : null}
        {canInvite(role, setting) ? (
          <ListRow
            label={t('groups.detail.qrcode')}
            onClick={() => void navigate(href('groupQrcode', { type: 'group', id: gid }))}
            testId="detail-qrcode"
          />
        ) : null}
        <ListRow
          label={t('groups.detail.card')}
          extra={mine ? memberName(mine) : ''}
          onClick={() => void editCard()}
          testId="detail-card"
        />
      </ListGroup>
      <ListGroup>
        <SwitchRow
          label={t('groups.detail.top')}
          checked={contact.is_top === 1}
          onToggle={() => action.mutate(conversationActions.pin(contact))}
          testId="detail-top"
        />
        <SwitchRow
          label={t('groups.detail.mute')}
          checked={contact.is_notice === 0}
          onToggle={() => action.mutate(conversationActions.mute(contact))}
          testId="detail-mute"
        />
      </ListGroup>
      <HistoryEntry conversation={gid} />
      <ListGroup>
        {isOwner(role) ? (
          <ListRow label={t('groups.detail.settings')} onClick={() => setSettingsOpen(true)} testId="detail-settings" />
        ) : null}
        {canClearHistory(role) ? (
          <ListRow label={t('groups.detail.clear')} onClick={() => void clear()} testId="detail-clear" danger />
        ) : null}
        {isOwner(role) ? (
          <ListRow
            label={t('groups.detail.disband')}
            onClick={() => void leaveOrDisband(true)}
            testId="detail-disband"
            danger
            arrow={false}
          />
        ) : (
          <ListRow
            label={t('groups.detail.leave')}
            onClick={() => void leaveOrDisband(false)}
            testId="detail-leave"
            danger
            arrow={false}
          />
        )}
      </ListGroup>
      <Popup
        visible={reading}
        onMaskClick={() => setReading(false)}
        bodyStyle={{ borderRadius: '12px 12px 0 0', maxHeight: '80vh', overflowY: 'auto' }}
      >
        <div className={styles.noticeSheet} role="dialog" aria-label={t('groups.detail.notice')}>
          <h2>{t('groups.detail.notice')}</h2>
          <NoticeContent html={contact.notice ?? ''} testId="notice-full" />
        </div>
      </Popup>
      <Popup
        visible={settingsOpen}
        onMaskClick={() => setSettingsOpen(false)}
        bodyStyle={{ borderRadius: '12px 12px 0 0', paddingBottom: 16 }}
      >
        <h2 style={{ margin: 0, padding: '14px 16px 0', fontSize: 16 }}>{t('groups.settings.title')}</h2>
        <GroupSettingsPanel gid={gid} setting={setting} />
      </Popup>
      {editing ? (
        <ScreenBoundary>
          <Suspense fallback={null}>
            <NoticeEditor
              initial={contact.notice ?? ''}
              onClose={() => setEditing(false)}
              onSave={async (html) => {
                await groupApi.setNotice(gid, html);
                patchConversation(qc, gid, { notice: html });
                setEditing(false);
              }}
            />
          </Suspense>
        </ScreenBoundary>
      ) : null}
    </>
  );
}
