import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { READ_LIST_TYPES, type ReadCounts, type ReadListType } from '@parley/protocol';
import { Avatar } from '../../ui/Avatar';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { useEndReached } from '../../lib/use-end-reached';
import { separatorLabel } from '../../lib/format/time';
import { useNow } from '../../lib/use-now';
import { useAuth } from '../../state/auth';
import { EmojiText } from '../../ui/emoji/EmojiText';
import { useReadList } from './api';
import styles from './ReadList.module.css';

export interface ReadListViewProps {
  msgId: string;
  /** The message's live counts (groupRead keeps them): the tabs' figures before a page loads. */
  counts?: ReadCounts;
  onClose(): void;
  /** Focus the close button on opening (a panel; a sheet's own focus handling does the rest). */
  autoFocus?: boolean;
}

/**
 * The two lists behind a read count (PROTOCOL §17): 未读 by name, 已读 newest first with the
 * time, each paged as it scrolls. Drawn in the phone's sheet, the desktop's panel beside the
 * chat and the admin console alike. Opens on 未读 unless everyone has read it.
 */
export function ReadListView({ msgId, counts, onClose, autoFocus }: ReadListViewProps) {
  const { t } = useTranslation();
  const [type, setType] = useState<ReadListType>(counts?.unreadCount === 0 ? 'read' : 'unread');
  const tabs = useRef<Record<ReadListType, HTMLButtonElement | null>>({ unread: null, read: null });
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (autoFocus) closeRef.current?.focus();
  }, [autoFocus, msgId]);

  // Arrow keys move between the two tabs, as a tab list does (WAI-ARIA).
  const onTabKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight' && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const next: ReadListType = type === 'unread' ? 'read' : 'unread';
    const to = e.key === 'Home' ? 'unread' : e.key === 'End' ? 'read' : next;
    setType(to);
    tabs.current[to]?.focus();
  };
  const figure = (k: ReadListType) => (k === 'unread' ? counts?.unreadCount : counts?.readCount);

  return (
    <section className={styles.view} aria-label={t('readList.title')} data-testid="read-list" data-msg-id={msgId}>
      <header className={styles.bar}>
        <h2 className={styles.title}>{t('readList.title')}</h2>
        <button
          ref={closeRef}
          type="button"
          className={styles.close}
          onClick={onClose}
          aria-label={t('readList.close')}
          data-testid="read-list-close"
        >
          ×
        </button>
      </header>
      <div className={styles.tabs} role="tablist" onKeyDown={onTabKey}>
        {READ_LIST_TYPES.map((k) => (
          <button
            key={k}
            ref={(el) => {
              tabs.current[k] = el;
            }}
            type="button"
            role="tab"
            id={`read-tab-${msgId}-${k}`}
            aria-selected={type === k}
            aria-controls={`read-panel-${msgId}`}
            tabIndex={type === k ? 0 : -1}
            className={`${styles.tab} ${type === k ? styles.selected : ''}`}
            onClick={() => setType(k)}
            data-testid={`read-tab-${k}`}
          >
            {t(k === 'unread' ? 'readList.tabUnread' : 'readList.tabRead', { count: figure(k) ?? 0 })}
          </button>
        ))}
      </div>
      <div
        className={styles.panel}
        role="tabpanel"
        id={`read-panel-${msgId}`}
        aria-labelledby={`read-tab-${msgId}-${type}`}
      >
        <Rows key={type} msgId={msgId} type={type} />
      </div>
    </section>
  );
}

/** One list, paged by scrolling, with its loading, empty and failed states. */
function Rows({ msgId, type }: { msgId: string; type: ReadListType }) {
  const { t } = useTranslation();
  const q = useReadList(msgId, type);
  const now = useNow(60_000);
  const round = useAuth((s) => Boolean(s.userInfo?.setting?.avatarCricle));
  const sentinel = useRef<HTMLLIElement>(null);
  const rows = q.data?.pages.flatMap((p) => p.rows) ?? [];
  useEndReached(sentinel, q, rows.length);

  if (q.isPending) return <LoadingSpinner testId="read-list-loading" />;
  if (q.isError && rows.length === 0) {
    return (
      <div className={styles.state} role="alert" data-testid="read-list-error">
        {t('readList.loadFailed')}
        <button type="button" className={styles.retry} onClick={() => void q.refetch()}>
          {t('readList.retry')}
        </button>
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <div className={styles.state} role="status" data-testid="read-list-empty">
        {t(type === 'unread' ? 'readList.emptyUnread' : 'readList.emptyRead')}
      </div>
    );
  }
  const texts = t('time', { returnObjects: true });
  return (
    <ul className={styles.rows} data-testid={`read-list-${type}`}>
      {rows.map((r) => (
        <li key={r.user_id} className={styles.row} data-testid="read-list-row" data-user-id={r.user_id}>
          <Avatar src={r.avatar} name={r.displayName} seed={r.user_id} size={36} round={round} />
          <span className={styles.name} data-testid="read-list-name">
            <EmojiText text={r.displayName} />
          </span>
          {type === 'read' ? (
            <span className={styles.time}>
              {r.read_time
                ? t('readList.readAt', { time: separatorLabel(r.read_time, now, texts) })
                : t('readList.readEarlier')}
            </span>
          ) : null}
        </li>
      ))}
      <li ref={sentinel} className={styles.foot} aria-live="polite">
        {q.isFetchingNextPage ? t('readList.loadingMore') : q.hasNextPage ? '' : t('readList.end')}
      </li>
    </ul>
  );
}
