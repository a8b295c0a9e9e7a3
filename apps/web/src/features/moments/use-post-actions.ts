import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Moment, MomentComment } from '@parley/protocol';
import { href } from '../../nav/routes';
import { dialogs } from '../../ui/dialogs';
import { writeClipboard } from '../message-actions/clipboard';
import { momentsApi, patchPost, refreshUnread } from './api';
import { withComment, withLikes, withoutComment } from './model';
import type { PostHandlers } from './components/PostCard';

/** What the comment bar is writing: a comment on `post`, or a reply to `to` on it. */
export interface Composing {
  post: Moment;
  to?: { user_id: number; name: string };
}

/**
 * The feed's actions: like, comment and reply, long-press menus (copy, delete), opening
 * pictures, videos and people. The cache is patched from each answer, so no refetch is needed.
 */
export function usePostActions(me: number, openViewer: (post: Moment, index: number) => void) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [composing, setComposing] = useState<Composing | null>(null);

  const handlers = useMemo<PostHandlers>(() => {
    const copy = async (text: string) => {
      if (await writeClipboard(text)) dialogs.toast(t('moments.feed.copied'));
    };
    const removePost = async (post: Moment) => {
      const r = await dialogs.modal({
        content: t('moments.feed.deleteConfirm'),
        danger: true,
        confirmText: t('moments.feed.delete'),
      });
      if (!r.confirm) return;
      await momentsApi.del(post.id);
      patchPost(qc, post.id, () => null);
      dialogs.toast(t('moments.feed.deleted'));
    };
    const removeComment = async (post: Moment, c: MomentComment) => {
      const r = await dialogs.modal({
        content: t('moments.feed.deleteCommentConfirm'),
        danger: true,
        confirmText: t('moments.feed.delete'),
      });
      if (!r.confirm) return;
      await momentsApi.delComment(c.id);
      patchPost(qc, post.id, (p) => withoutComment(p, c.id));
    };
    return {
      openUser: (userId) => void navigate(href('moments', { user_id: userId })),
      openImages: openViewer,
      openVideo: (post) =>
        post.video && void navigate(href('video', { src: post.video.url, poster: post.video.poster })),
      toggleLike: (post) => {
        const call = post.liked ? momentsApi.unlike(post.id) : momentsApi.like(post.id);
        void call.then((r) => patchPost(qc, post.id, (p) => withLikes(p, r.likes, me))).catch(() => {});
      },
      comment: (post, to) =>
        setComposing({ post, to: to && to.user_id !== me ? { user_id: to.user_id, name: to.displayName } : undefined }),
      postMenu: (post) => {
        void (async () => {
          const key = await dialogs.actionSheet([
            { key: 'copy', text: t('moments.feed.copy') },
            ...(post.canDelete ? [{ key: 'delete' as const, text: t('moments.feed.delete'), danger: true }] : []),
          ]);
          if (key === 'copy') await copy(post.content);
          else if (key === 'delete') await removePost(post).catch(() => {});
        })();
      },
      commentMenu: (post, c) => {
        void (async () => {
          const canDelete = c.user_id === me || post.user_id === me;
          const key = await dialogs.actionSheet(
            [
              ...(c.user_id !== me ? [{ key: 'reply' as const, text: t('moments.feed.reply') }] : []),
              { key: 'copy' as const, text: t('moments.feed.copy') },
              ...(canDelete ? [{ key: 'delete' as const, text: t('moments.feed.delete'), danger: true }] : []),
            ],
            { title: c.content.slice(0, 60) },
          );
          if (key === 'copy') await copy(c.content);
          else if (key === 'reply') setComposing({ post, to: { user_id: c.user_id, name: c.displayName } });
          else if (key === 'delete') await removeComment(post, c).catch(() => {});
        })();
      },
      remove: (post) => void removePost(post).catch(() => {}),
    };
  }, [me, navigate, openViewer, qc, t]);

  const send = async (text: string): Promise<boolean> => {
    if (!composing) return false;
    const { post, to } = composing;
    try {
      const c = await momentsApi.comment(post.id, text, to?.user_id ?? 0);
      patchPost(qc, post.id, (p) => withComment(p, c));
      void refreshUnread(qc);
      setComposing(null);
      return true;
    } catch {
      return false; // the server's msg was shown; the text stays for another try
    }
  };

  return { handlers, composing, setComposing, send };
}
