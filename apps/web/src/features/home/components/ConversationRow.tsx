import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactKind, type Contact } from '@parley/protocol';
import { Avatar } from '../../../ui/Avatar';
import { MuteIcon } from '../../../ui/icons';
import { relativeTime } from '../../../lib/format/time';
import { useLongPress } from '../../../lib/use-long-press';
import { previewOf } from '../../../state/messages/preview';
import styles from './ConversationRow.module.css';
import { EmojiText } from '../../../ui/emoji/EmojiText';

export interface ConversationRowProps {
  contact: Contact;
  draft?: string;
  now: number;
  roundAvatar?: boolean;
  /** Open beside the list (desktop): highlighted with --bg. */
  selected?: boolean;
  onOpen(contact: Contact): void;
  onMenu(contact: Contact): void;
}

/** 64 px row (DESIGN.md): avatar with badge, name and time, preview line and muted mark. */
export const ConversationRow = memo(function ConversationRow({
  contact: c,
  draft,
  now,
  roundAvatar,
  selected,
  onOpen,
  onMenu,
}: ConversationRowProps) {
  const { t } = useTranslation();
  const press = useLongPress(() => onMenu(c));
  const muted = c.is_notice !== 1;
  const unread = Math.max(0, c.unread || 0);
  const body = previewOf(c.type, c.lastContent, t);
  const preview =
    c.is_group === ContactKind.group && c.lastSenderName
      ? `${t('home.senderPrefix', { name: c.lastSenderName })}${body}`
      : body;
  return (
    <button
      type="button"
      className={`${styles.row} ${c.is_top ? styles.pinned : ''} ${selected ? styles.selected : ''}`}
      aria-current={selected ? 'true' : undefined}
      onClick={() => onOpen(c)}
      {...press}
      data-testid="conversation-row"
      data-id={String(c.id)}
    >
      {/* The row's name is what it shows (an aria-label of name + count hid the preview and time
          from screen readers and failed axe's label-content-name-mismatch); the count is said here. */}
      {unread > 0 ? <span className="visually-hidden">{t('home.unreadCount', { count: unread })}</span> : null}
      <span className={styles.avatar}>
        <Avatar src={c.avatar} name={c.displayName} seed={String(c.id)} size={48} round={roundAvatar} />
        {unread > 0 && !muted ? (
          <span className={styles.badge} data-testid="conversation-unread" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
        {unread > 0 && muted ? (
          <span className={styles.dot} data-testid="conversation-unread-dot" aria-hidden="true" />
        ) : null}
        {c.is_group === ContactKind.person && c.is_online === 1 ? (
          <span className={styles.online} aria-label={t('home.online')} role="img" />
        ) : null}
      </span>
      <span className={styles.main}>
        <span className={styles.top}>
          <span className={styles.name}>
            <EmojiText text={c.displayName} />
          </span>
          <span className={styles.time}>
            {c.lastContent && c.lastSendTime > 0
              ? relativeTime(c.lastSendTime, now, t('time', { returnObjects: true }))
              : ''}
          </span>
        </span>
        <span className={styles.bottom}>
          <span className={styles.preview}>
            {c.is_at > 0 ? <span className={styles.mark}>{t('home.mention')}</span> : null}
            {draft ? (
              <>
                <span className={styles.mark}>{t('home.draft')}</span>
                <EmojiText text={draft} />
              </>
            ) : (
              <>
                {muted && unread > 1 ? `[${unread}] ` : ''}
                <EmojiText text={preview} />
              </>
            )}
          </span>
          {muted ? (
            <MuteIcon size={16} className={styles.muted} aria-label={t('home.muted')} role="img" aria-hidden={false} />
          ) : null}
        </span>
      </span>
    </button>
  );
});
