import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PullToRefresh } from 'antd-mobile';
import type { Moment } from '@parley/protocol';
import { Page } from '../../../nav/Page';
import { href } from '../../../nav/routes';
import { Avatar } from '../../../ui/Avatar';
import { EmptyState } from '../../../ui/EmptyState';
import { useBackToClose } from '../../../ui/use-back-to-close';
import { useEndReached } from '../../../lib/use-end-reached';
import { useNow } from '../../../lib/use-now';
import { useAuth } from '../../../state/auth';
import { ImageViewer } from '../../media/ImageViewer';
import { useFeed, useMomentsUnread } from '../api';
import { usePostActions } from '../use-post-actions';
import { PostCard } from '../components/PostCard';
import { CommentBar } from '../components/CommentBar';
import { CameraIcon, CommentIcon, MomentsIcon } from '../components/icons';
import styles from '../components/Feed.module.css';
import bar from '../../../ui/TopBar.module.css';
import { EmojiText } from '../../../ui/emoji/EmojiText';

/**
 * The feed (PROTOCOL §9): everyone's, or one person's with `?user_id=`. Cover with the owner's
 * avatar and name, the notices pill, posts newest first; pull to refresh, more on reaching the
 * bottom (held 350 ms).
 */
export default function MomentsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const me = useAuth((s) => s.userInfo);
  const myId = me?.user_id ?? 0;
  const authorParam = Number(params.get('user_id'));
  const author = Number.isInteger(authorParam) && authorParam > 0 ? authorParam : 'all';
  const mine = author === 'all' || author === myId;
  const feed = useFeed(author);
  const unread = useMomentsUnread(mine);
  const now = useNow();
  const round = Boolean(me?.setting?.avatarCricle);
  const posts = useMemo(() => feed.data?.pages.flat() ?? [], [feed.data]);

  const [viewer, setViewer] = useState<{ post: Moment; index: number } | null>(null);
  const closeViewer = useBackToClose('moments-viewer', viewer !== null, () => setViewer(null));
  const openViewer = useCallback((post: Moment, index: number) => setViewer({ post, index }), []);
  const { handlers, composing, setComposing, send } = usePostActions(myId, openViewer);

  const sentinel = useRef<HTMLDivElement>(null);
  useEndReached(sentinel, feed, posts.length);

  const owner =
    author === 'all' || author === myId
      ? { id: myId, name: me?.displayName || me?.realname || '', avatar: me?.avatar }
      : { id: author, name: posts[0]?.user.displayName ?? '', avatar: posts[0]?.user.avatar };
  const notices = mine ? (unread.data?.count ?? 0) : 0;

  let body;
  if (feed.isPending) {
    body = (
      <p className={styles.status} role="progressbar" aria-busy="true">
        {t('common.loading')}
      </p>
    );
  } else if (feed.isError && posts.length === 0) {
    body = (
      <EmptyState
        text={t('moments.feed.loadFailed')}
        actionText={t('moments.feed.retry')}
        onAction={() => void feed.refetch()}
        testId="moments-error"
      />
    );
  } else if (posts.length === 0) {
    body =
      author === 'all' || author === myId ? (
        <EmptyState
          icon={<MomentsIcon size={56} />}
          text={t('moments.feed.emptyMine')}
          actionText={t('moments.feed.publish')}
          onAction={() => void navigate(href('momentsPublish'))}
          testId="moments-empty"
        />
      ) : (
        <EmptyState icon={<MomentsIcon size={56} />} text={t('moments.feed.emptyUser')} testId="moments-empty" />
      );
  } else {
    body = (
      <div className={styles.posts}>
        {posts.map((p) => (
          <PostCard key={p.id} post={p} me={myId} now={now} round={round} on={handlers} />
        ))}
        <div ref={sentinel} className={styles.status} data-testid="moments-end">
          {feed.isFetchingNextPage ? t('moments.feed.loadingMore') : feed.hasNextPage ? '' : t('moments.feed.end')}
        </div>
      </div>
    );
  }

  return (
    <Page
      surface
      title={author === 'all' ? undefined : owner.name || undefined}
      right={
        mine ? (
          <>
            <button
              type="button"
              className={bar.iconButton}
              aria-label={t('moments.feed.noticesEntry')}
              onClick={() => void navigate(href('momentsNotices'))}
              data-testid="moments-notices-entry"
            >
              <CommentIcon size={22} />
            </button>
            <button
              type="button"
              className={bar.iconButton}
              aria-label={t('moments.feed.publish')}
              onClick={() => void navigate(href('momentsPublish'))}
              data-testid="moments-publish"
            >
              <CameraIcon size={24} />
            </button>
          </>
        ) : null
      }
    >
      <PullToRefresh
        onRefresh={async () => {
          await feed.refetch();
          if (mine) await unread.refetch();
        }}
        pullingText={t('moments.feed.pullToRefresh')}
        canReleaseText={t('moments.feed.releaseToRefresh')}
        refreshingText={t('moments.feed.refreshing')}
        completeText=""
      >
        <div className={styles.column}>
          {/* data-notices: the count once it is known, so a test can tell "none" from "not loaded yet". */}
          <header
            className={styles.cover}
            data-testid="moments-cover"
            data-notices={mine && unread.data ? notices : undefined}
          >
            <span className={styles.coverName}>
              <EmojiText text={owner.name} />
            </span>
            <span className={styles.coverAvatar}>
              <Avatar src={owner.avatar} name={owner.name} seed={owner.id} size={68} round={round} />
            </span>
          </header>
          {notices > 0 ? (
            <div className={styles.pillRow}>
              <button
                type="button"
                className={styles.pill}
                onClick={() => void navigate(href('momentsNotices'))}
                data-testid="moments-notice-badge"
              >
                {t('moments.feed.notices', { count: notices })}
              </button>
            </div>
          ) : null}
          {body}
        </div>
      </PullToRefresh>
      {composing ? <CommentBar composing={composing} onSend={send} onClose={() => setComposing(null)} /> : null}
      {viewer ? (
        <ImageViewer
          images={viewer.post.images.map((img, i) => ({
            id: `${viewer.post.id}-${img.file_id}`,
            src: img.url,
            alt: t('moments.feed.image', { index: i + 1, count: viewer.post.images.length }),
          }))}
          start={viewer.index}
          onClose={closeViewer}
        />
      ) : null}
    </Page>
  );
}
