import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '@parley/protocol';
import { Avatar } from '../../../ui/Avatar';
import { plainText } from '../../conversations/model';
import { sanitizeMessageHtml } from '../sanitize';
import styles from './MessageBubble.module.css';

export interface BubbleProps {
  id: string;
  msgId?: number;
  type: string;
  content: string;
  mine: boolean;
  sender: { id: number | string; name: string; avatar?: string };
  /** Group chats name the sender above others' bubbles. */
  showName: boolean;
  /** My single-chat messages: read by the peer or not; undefined shows nothing. */
  read?: boolean;
  status?: 'sending' | 'failed';
  extra?: Pick<Message, 'fileName' | 'download'>;
  roundAvatar?: boolean;
  onRetry?(id: string): void;
}

function Body({ type, content, extra, sender }: Pick<BubbleProps, 'type' | 'content' | 'extra' | 'sender'>) {
  const { t } = useTranslation();
  const html = useMemo(() => (type === 'text' ? sanitizeMessageHtml(content) : ''), [type, content]);
  switch (type) {
    case 'text':
      return <div className={styles.text} dangerouslySetInnerHTML={{ __html: html }} />;
    case 'emoji':
      return <img className={styles.sticker} src={content} alt={t('preview.emoji')} loading="lazy" />;
    case 'image':
      return <img className={styles.image} src={content} alt={t('chat.messageFrom', { name: sender.name })} loading="lazy" />;
    case 'voice':
      return <audio className={styles.audio} controls preload="none" src={content} />;
    case 'video':
      return <video className={styles.image} controls preload="none" src={content} />;
    case 'file':
      return (
        <a className={styles.text} href={extra?.download || content} target="_blank" rel="noopener noreferrer">
          {extra?.fileName || t('preview.file')}
        </a>
      );
    default:
      return <div className={styles.text}>{plainText(content)}</div>;
  }
}

/** One message: mine right in green, others left with the avatar (DESIGN.md). */
export const MessageBubble = memo(function MessageBubble(p: BubbleProps) {
  const { t } = useTranslation();
  if (p.type === 'event') {
    return (
      <div className={styles.event} data-testid="message-bubble" data-msg-id={p.id} data-mine={p.mine ? '1' : '0'}>
        {plainText(p.content)}
      </div>
    );
  }
  const media = p.type === 'emoji' || p.type === 'image' || p.type === 'video';
  return (
    <div className={`${styles.row} ${p.mine ? styles.mine : ''}`}>
      <Avatar src={p.sender.avatar} name={p.sender.name} seed={p.sender.id} size={40} round={p.roundAvatar} />
      <div className={styles.column}>
        {p.showName && !p.mine ? <div className={styles.name}>{p.sender.name}</div> : null}
        <div className={styles.line}>
          <div
            className={`${styles.bubble} ${media ? styles.media : ''}`}
            data-testid="message-bubble"
            data-msg-id={p.id}
            data-mine={p.mine ? '1' : '0'}
            data-status={p.status ?? 'sent'}
          >
            <Body type={p.type} content={p.content} extra={p.extra} sender={p.sender} />
          </div>
          {p.status === 'sending' ? <span className={styles.spinner} role="progressbar" aria-label={t('chat.sending')} /> : null}
          {p.status === 'failed' ? (
            <button type="button" className={styles.retry} onClick={() => p.onRetry?.(p.id)} aria-label={t('chat.failed')} data-testid="message-retry">
              !
            </button>
          ) : null}
          {p.read !== undefined && !p.status ? (
            <span className={`${styles.readState} ${p.read ? styles.isRead : ''}`} data-testid="message-read-state" data-read={p.read ? '1' : '0'}>
              {p.read ? t('chat.read') : t('chat.unread')}
            </span>
          ) : null}
        </div>
      </div>
    </div>
  );
});
