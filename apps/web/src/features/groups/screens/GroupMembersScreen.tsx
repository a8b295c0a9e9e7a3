import { Fragment, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { GroupRole } from '@parley/protocol';
import { Page } from '../../../nav/Page';
import { useCurrentRoute } from '../../../nav/navigation';
import { NoticeContent } from '../components/NoticeContent';
import { Avatar } from '../../../ui/Avatar';
import { Tag } from '../../../ui/Tag';
import { useNow } from '../../../lib/use-now';
import { useAuth } from '../../../state/auth';
import { useConversation } from '../../../state/conversations/api';
import { groupKey, memberName, useGroupInfo, useGroupMembers } from '../api';
import { isMuted } from '../mute';
import { memberActions } from '../permissions';
import { MemberActions } from '../components/MemberActions';
import { useLeaveWhenRemoved } from '../use-leave-when-removed';
import styles from '../components/MemberList.module.css';
import { EmojiText } from '../../../ui/emoji/EmojiText';

/**
 * /pages/message/group/groupUser?id=group-N (member management) and /pages/message/group/info
 * (the same list under the group's card). Members by role with tags; tapping one shows what my
 * role allows on theirs.
 */
export default function GroupMembersScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const gid = groupKey(params.get('id') ?? params.get('group_id') ?? '');
  const me = useAuth((s) => s.userInfo);
  const myId = me?.user_id ?? 0;
  const contact = useConversation(gid);
  const members = useGroupMembers(gid);
  const info = useGroupInfo(gid);
  const now = useNow(30_000);
  const [open, setOpen] = useState<number | null>(null);
  useLeaveWhenRemoved(gid);
  const myRole = contact?.role ?? members.data?.find((m) => m.user_id === myId)?.role;
  const list = useMemo(
    () => [...(members.data ?? [])].sort((a, b) => a.role - b.role || a.create_time - b.create_time),
    [members.data],
  );
  const showCard = useCurrentRoute() === 'groupInfo';

  return (
    <Page>
      {showCard && info.data ? (
        <>
          <div className={styles.header}>
            <Avatar src={info.data.avatar} name={info.data.displayName} seed={gid} size={56} />
            <div>
              <h2 className={styles.title}>
                <EmojiText text={info.data.displayName} />
              </h2>
              <div className={styles.meta}>{t('groups.members.count', { count: info.data.groupUserCount })}</div>
            </div>
          </div>
          {info.data.notice ? (
            <div className={styles.notice}>
              <NoticeContent html={info.data.notice} />
            </div>
          ) : null}
        </>
      ) : null}
      <div className={styles.list}>
        {list.map((m) => {
          const muted = isMuted(m.no_speak_time, now);
          const actions = memberActions({ id: myId, role: myRole }, { user_id: m.user_id, role: m.role, muted });
          return (
            <Fragment key={m.user_id}>
              <button
                type="button"
                className={styles.row}
                onClick={() => setOpen(open === m.user_id ? null : m.user_id)}
                aria-expanded={actions.length ? open === m.user_id : undefined}
                data-testid="member-row"
                data-id={m.user_id}
                data-role={m.role}
              >
                <Avatar
                  src={m.userInfo?.avatar}
                  name={memberName(m)}
                  seed={m.user_id}
                  size={40}
                  round={Boolean(me?.setting?.avatarCricle)}
                />
                <span className={styles.main}>
                  <span className={styles.name}>
                    {memberName(m)}
                    {m.role === GroupRole.owner ? <Tag tone="warning">{t('groups.members.owner')}</Tag> : null}
                    {m.role === GroupRole.manager ? <Tag tone="info">{t('groups.members.manager')}</Tag> : null}
                  </span>
                  {muted ? (
                    <span className={styles.sub} data-testid="member-muted">
                      {t('groups.members.mutedUntil', {
                        time: dayjs(m.no_speak_time * 1000).format('YYYY-MM-DD HH:mm'),
                      })}
                    </span>
                  ) : null}
                </span>
              </button>
              {open === m.user_id && actions.length ? (
                <MemberActions gid={gid} member={m} actions={actions} onDone={() => setOpen(null)} />
              ) : null}
            </Fragment>
          );
        })}
      </div>
    </Page>
  );
}
