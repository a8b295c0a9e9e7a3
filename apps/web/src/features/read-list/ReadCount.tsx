import { useTranslation } from 'react-i18next';
import type { ReadCounts } from '@parley/protocol';
import styles from './ReadList.module.css';

export interface ReadCountProps {
  msgId: string;
  counts: ReadCounts;
  /** Opens the two lists (a button, so Enter, Space and a tap all work). */
  onOpen(msgId: string, trigger: HTMLElement): void;
  /** This message's lists are open beside the chat. */
  open?: boolean;
}

/** "N 人未读" or "全部已读" under my group message (PROTOCOL §17), as in WeCom and DingTalk. */
export function ReadCount({ msgId, counts, onOpen, open }: ReadCountProps) {
  const { t } = useTranslation();
  const allRead = counts.unreadCount === 0;
  return (
    <button
      type="button"
      className={`${styles.count} ${allRead ? styles.allRead : ''}`}
      onClick={(e) => onOpen(msgId, e.currentTarget)}
      aria-label={allRead ? t('readList.openLabelAllRead') : t('readList.openLabel', { count: counts.unreadCount })}
      aria-haspopup="dialog"
      aria-expanded={open ?? false}
      data-testid="read-count"
      data-unread={counts.unreadCount}
      data-read={counts.readCount}
    >
      {allRead ? t('readList.allRead') : t('readList.unread', { count: counts.unreadCount })}
    </button>
  );
}
