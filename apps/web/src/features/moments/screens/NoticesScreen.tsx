import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../nav/Page';
import { href } from '../../../nav/routes';
import { Avatar } from '../../../ui/Avatar';
import { EmptyState } from '../../../ui/EmptyState';
import { relativeTime } from '../../../lib/format/time';
import { useEndReached } from '../../../lib/use-end-reached';
import { useNow } from '../../../lib/use-now';
import { useAuth } from '../../../state/auth';
import { noticesRead, useNotices } from '../api';
import { HeartIcon } from '../components/icons';
import { MomentText } from '../components/MomentText';
import styles from '../components/Notices.module.css';
import { EmojiText } from '../../../ui/emoji/EmojiText';

/** Likes, comments and replies to me, newest first; reading them clears the badge. */
export default function NoticesScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const me = useAuth((s) => s.userInfo);
  const notices = useNotices();
  const now = useNow();
  const rows = useMemo(() => notices.data?.pages.flat() ?? [], [notices.data]);
  const sentinel = useRef<HTMLDivElement>(null);
  useEndReached(sentinel, notices, rows.length);
  // The server marked them read when it answered the first page: the badge follows.
  const loaded = notices.isSuccess;
  useEffect(() => {
    if (loaded) noticesRead(qc);
  }, [loaded, qc]);

  let body;
  if (notices.isPending) body = <p className={styles.status}>{t('common.loading')}</p>;
  else if (notices.isError)
    body = (
      <EmptyState
        text={t('moments.notices.loadFailed')}
        actionText={t('moments.feed.retry')}
        onAction={() => void notices.refetch()}
      />
    );
  else if (rows.length === 0) body = <EmptyState text={t('moments.notices.empty')} testId="notices-empty" />;
  else
    body = (
      <ul className={styles.list} data-testid="notices">
        {rows.map((n) => (
          <li key={n.id}>
            <button
              type="button"
              className={`${styles.row} ${n.unread ? styles.unread : ''}`}
              onClick={() => void navigate(href('moments', { user_id: me?.user_id }))}
              aria-label={t('moments.notices.openPost')}
              data-testid="notice"
              data-kind={n.kind}
            >
              <Avatar src={n.user.avatar} name={n.user.displayName} seed={n.user.id} size={40} />
              <span className={styles.body}>
                <span className={styles.name}>
                  <EmojiText text={n.user.displayName} />
                </span>
                <span className={styles.what}>
                  {n.kind === 'like' ? (
                    <>
                      <HeartIcon size={14} /> {t('moments.notices.liked')}
                    </>
                  ) : (
                    <MomentText text={n.content} />
                  )}
                </span>
                <time className={styles.time}>
                  {relativeTime(n.createTime, now, t('time', { returnObjects: true }))}
                </time>
              </span>
              {n.moment.thumb ? (
                <img className={styles.thumb} src={n.moment.thumb} alt="" />
              ) : (
                <span className={styles.quote}>
                  <EmojiText text={n.moment.content} />
                </span>
              )}
            </button>
          </li>
        ))}
        <div ref={sentinel} className={styles.status} />
      </ul>
    );
  return <Page surface>{body}</Page>;
}
