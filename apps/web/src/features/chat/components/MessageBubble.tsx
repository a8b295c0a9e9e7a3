import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../ui/Avatar';
import { useAuth } from '../../../state/auth';
import { eventLineText } from '../../../state/messages/event-line';
import { useBubbleMenu } from '../../message-actions/use-bubble-menu';
import { bareTypes, MessageBody, type BodyMessage } from './bodies/index';
import styles from './MessageBubble.module.css';
import { EmojiText } from '../../../ui/emoji/EmojiText';

export interface BubbleProps {
  msg: BodyMessage;
  mine: boolean;
  sender: { id: number | string; name: string; avatar?: string };
  /** Group chats name the sender above others' bubbles. */
  showName: boolean;
  /** My single-chat messages: read by the peer or not; undefined shows nothing. */
  read?: boolean;
  status?: 'sending' | 'failed' | 'waiting';
  /** Upload progress 0–1 of a pending file message; undefined when nothing is uploading. */
  progress?: number;
  roundAvatar?: boolean;
  onRetry?(id: string): void;
  /** Stops a pending upload (shown while `progress` is defined). */
  onCancel?(id: string): void;
  /** Opens the message menu (long-press, right-click, context-menu key); none for pending ones. */
  onMenu?(msg: BodyMessage, anchor: HTMLElement): void;
  /** Under the bubble (the quoted message) or after an event line (Re-edit). */
  addon?: ReactNode;
  /** Briefly marks the message the user jumped to. */
  highlight?: boolean;
}

/** One message: mine right in green, others left with the avatar (DESIGN.md). */
export const MessageBubble = memo(function MessageBubble(p: BubbleProps) {
  const { t } = useTranslation();
  const { msg } = p;
  const menu = useBubbleMenu(msg, p.onMenu);
  const myId = useAuth((s) => s.userInfo?.user_id ?? 0);
  if (msg.type === 'event') {
    return (
      <div
        className={`${styles.event} ${p.highlight ? styles.highlight : ''}`}
        data-testid="message-bubble"
        data-msg-id={msg.id}
        data-type="event"
        data-mine={p.mine ? '1' : '0'}
      >
        <span {...menu}>{eventLineText(msg, { t, myId, senderName: p.sender.name })}</span>
        {p.addon}
      </div>
    );
  }
  return (
    <div
      className={`${styles.row} ${p.mine ? styles.mine : ''} ${p.highlight ? styles.highlight : ''}`}
      data-highlight={p.highlight ? '1' : undefined}
    >
      <Avatar src={p.sender.avatar} name={p.sender.name} seed={p.sender.id} size={40} round={p.roundAvatar} />
      <div className={styles.column}>
        {p.showName && !p.mine ? (
          <div className={styles.name}>
            <EmojiText text={p.sender.name} />
          </div>
        ) : null}
        <div className={styles.line}>
          <div
            className={`${styles.bubble} ${bareTypes.has(msg.type) ? styles.media : ''}`}
            data-testid="message-bubble"
            data-msg-id={msg.id}
            data-type={msg.type}
            data-mine={p.mine ? '1' : '0'}
            data-status={p.status ?? 'sent'}
            {...menu}
          >
            <MessageBody msg={msg} mine={p.mine} senderName={p.sender.name} />
            {p.progress !== undefined && p.status === 'sending' ? (
              <div className={styles.upload}>
                <progress
                  className={styles.progress}
                  max={1}
                  value={p.progress}
                  aria-label={t('chat.uploading')}
                  data-testid="upload-progress"
                />
                {/* Once every byte is out the server is storing it: a cancel could no longer stop it. */}
                {p.progress < 1 ? (
                  <button
                    type="button"
                    className={styles.cancel}
                    onClick={() => p.onCancel?.(msg.id)}
                    aria-label={t('chat.cancelUpload')}
                    data-testid="upload-cancel"
                  >
                    ×
                  </button>
                ) : null}
              </div>
            ) : null}
          </div>
          {p.status === 'sending' && p.progress === undefined ? (
            <span className={styles.spinner} role="progressbar" aria-label={t('chat.sending')} />
          ) : null}
          {p.status === 'waiting' ? (
            // Offline or the request failed: it goes by itself when the network returns; a tap tries now.
            <button
              type="button"
              className={`${styles.retry} ${styles.waiting}`}
              onClick={() => p.onRetry?.(msg.id)}
              aria-label={t('pwa.outbox.waiting')}
              title={t('pwa.outbox.waiting')}
              data-testid="message-retry"
            >
              <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
                <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2.4" />
                <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
              </svg>
            </button>
          ) : null}
          {p.status === 'failed' ? (
            <button
              type="button"
              className={styles.retry}
              onClick={() => p.onRetry?.(msg.id)}
              aria-label={t('chat.failed')}
              data-testid="message-retry"
            >
              !
            </button>
          ) : null}
          {p.read !== undefined && !p.status && msg.type !== 'webrtc' ? (
            <span
              className={`${styles.readState} ${p.read ? styles.isRead : ''}`}
              data-testid="message-read-state"
              data-read={p.read ? '1' : '0'}
            >
              {p.read ? t('chat.read') : t('chat.unread')}
            </span>
          ) : null}
        </div>
        {p.addon}
      </div>
    </div>
  );
});
