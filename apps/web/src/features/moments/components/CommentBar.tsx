import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { momentLimits } from '@parley/protocol';
import type { Composing } from '../use-post-actions';
import styles from './Feed.module.css';

/** The comment / reply input pinned to the bottom while writing; Esc or a tap outside closes it. */
export function CommentBar({
  composing,
  onSend,
  onClose,
}: {
  composing: Composing;
  onSend(text: string): Promise<boolean>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  useEffect(() => input.current?.focus(), [composing]);
  const placeholder = composing.to
    ? t('moments.feed.replyPlaceholder', { name: composing.to.name })
    : t('moments.feed.commentPlaceholder');
  const submit = async () => {
    const v = text.trim();
    if (!v || busy) return;
    setBusy(true);
    const ok = await onSend(v);
    setBusy(false);
    if (ok) setText('');
  };
  return (
    <>
      <div className={styles.scrim} onClick={onClose} aria-hidden="true" />
      <form
        className={styles.commentBar}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        data-testid="comment-bar"
      >
        <textarea
          ref={input}
          className={styles.commentInput}
          rows={1}
          value={text}
          maxLength={momentLimits.comment}
          placeholder={placeholder}
          aria-label={placeholder}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') onClose();
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void submit();
            }
          }}
          data-testid="comment-input"
        />
        <button type="submit" className={styles.send} disabled={!text.trim() || busy} data-testid="comment-send">
          {t('moments.feed.send')}
        </button>
      </form>
    </>
  );
}
