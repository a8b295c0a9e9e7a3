import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Moment, MomentComment } from '@parley/protocol';
import { Avatar } from '../../../ui/Avatar';
import { relativeTime } from '../../../lib/format/time';
import { useLongPress } from '../../../lib/use-long-press';
import { MomentText } from './MomentText';
import { ImageGrid } from './ImageGrid';
import { CommentIcon, HeartIcon, PinIcon } from './icons';
import styles from './Post.module.css';
import { EmojiText } from '../../../ui/emoji/EmojiText';

export interface PostHandlers {
  openUser(userId: number): void;
  openImages(post: Moment, index: number): void;
  openVideo(post: Moment): void;
  toggleLike(post: Moment): void;
  /** Start writing a comment, or a reply to `to`. */
  comment(post: Moment, to?: MomentComment): void;
  /** Long-press on the text: copy (and delete, for my post). */
  postMenu(post: Moment): void;
  /** Long-press on a comment: copy, and delete when mine or on my post. */
  commentMenu(post: Moment, c: MomentComment): void;
  remove(post: Moment): void;
}

/** One post of the feed: author, text, media, place, time, actions, likes and comments. */
export const PostCard = memo(function PostCard({
  post,
  me,
  now,
  round,
  on,
}: {
  post: Moment;
  me: number;
  now: number;
  round: boolean;
  on: PostHandlers;
}) {
  const { t } = useTranslation();
  const textPress = useLongPress(() => on.postMenu(post));
  const name = post.user.displayName || post.user.realname;
  return (
    <article className={styles.post} data-testid="moment" data-moment-id={post.id} aria-label={name}>
      <button type="button" className={styles.avatarButton} onClick={() => on.openUser(post.user_id)} aria-label={name}>
        <Avatar src={post.user.avatar} name={name} seed={post.user_id} size={42} round={round} />
      </button>
      <div className={styles.main}>
        <button
          type="button"
          className={styles.name}
          onClick={() => on.openUser(post.user_id)}
          data-testid="moment-author"
        >
          {name}
        </button>
        {post.content ? (
          <p className={styles.text} {...textPress} data-testid="moment-text">
            <MomentText text={post.content} />
          </p>
        ) : null}
        {post.images.length > 0 ? <ImageGrid images={post.images} onOpen={(i) => on.openImages(post, i)} /> : null}
        {post.video ? (
          <button
            type="button"
            className={styles.video}
            onClick={() => on.openVideo(post)}
            aria-label={t('moments.feed.video')}
            data-testid="moment-video"
          >
            <img src={post.video.poster} alt="" />
            <span className={styles.play} aria-hidden="true" />
          </button>
        ) : null}
        {post.location ? (
          <p
            className={styles.place}
            aria-label={t('moments.feed.location', { name: post.location.name || post.location.address })}
          >
            <PinIcon size={14} />
            <span>{post.location.name || post.location.address}</span>
          </p>
        ) : null}
        <div className={styles.meta}>
          <time className={styles.time}>{relativeTime(post.createTime, now, t('time', { returnObjects: true }))}</time>
          {post.visibility === 0 ? <span className={styles.private}>{t('moments.feed.onlyMe')}</span> : null}
          {post.canDelete ? (
            <button type="button" className={styles.delete} onClick={() => on.remove(post)} data-testid="moment-delete">
              {t('moments.feed.delete')}
            </button>
          ) : null}
          <span className={styles.actions}>
            <button
              type="button"
              className={styles.action}
              aria-pressed={post.liked}
              onClick={() => on.toggleLike(post)}
              data-testid="moment-like"
            >
              <HeartIcon size={16} filled={post.liked} />
              {post.liked ? t('moments.feed.unlike') : t('moments.feed.like')}
            </button>
            <button
              type="button"
              className={styles.action}
              onClick={() => on.comment(post)}
              data-testid="moment-comment"
            >
              <CommentIcon size={16} />
              {t('moments.feed.comment')}
            </button>
          </span>
        </div>
        {post.likes.length > 0 || post.comments.length > 0 ? (
          <div className={styles.reactions}>
            {post.likes.length > 0 ? (
              <p className={styles.likes} data-testid="moment-likes">
                <HeartIcon size={14} />
                {post.likes.map((l, i) => (
                  <span key={l.user_id}>
                    {i > 0 ? t('moments.feed.separator') : null}
                    <button type="button" className={styles.who} onClick={() => on.openUser(l.user_id)}>
                      <EmojiText text={l.displayName} />
                    </button>
                  </span>
                ))}
              </p>
            ) : null}
            {post.comments.length > 0 ? (
              <ul className={styles.comments} data-testid="moment-comments">
                {post.comments.map((c) => (
                  <CommentRow key={c.id} post={post} c={c} me={me} on={on} />
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
    </article>
  );
});

function CommentRow({ post, c, me, on }: { post: Moment; c: MomentComment; me: number; on: PostHandlers }) {
  const { t } = useTranslation();
  const press = useLongPress(() => on.commentMenu(post, c));
  return (
    <li>
      <button
        type="button"
        className={styles.comment}
        {...press}
        onClick={() => (c.user_id === me ? on.commentMenu(post, c) : on.comment(post, c))}
        data-testid="moment-comment-row"
      >
        <span className={styles.who}>
          <EmojiText text={c.displayName} />
        </span>
        {c.reply_user_id > 0 ? (
          <>
            <span className={styles.replyWord}>{t('moments.feed.reply')}</span>
            <span className={styles.who}>{c.reply_name}</span>
          </>
        ) : null}
        <span className={styles.colon}>{t('moments.feed.colon')}</span>
        <MomentText text={c.content} />
      </button>
    </li>
  );
}
