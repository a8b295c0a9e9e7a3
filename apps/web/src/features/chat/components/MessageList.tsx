import { forwardRef, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtualizer, type VirtualizerHandle } from 'virtua';
import { needsSeparator, separatorLabel } from '../../../lib/format/time';
import { ArrowDownIcon } from '../../../ui/icons';
import styles from './MessageList.module.css';

/** One row of the chat; `render` draws its bubble. */
export interface ChatItem {
  key: string;
  sendTime: number;
  /** Sent by me: a new one always scrolls to the bottom. */
  mine: boolean;
  render(): React.ReactNode;
}

export interface MessageListProps {
  items: readonly ChatItem[];
  hasMore: boolean;
  loadingOlder: boolean;
  onLoadOlder(): void;
  now: number;
  /** A window opened at an old message: newer rows load when scrolling near the bottom. */
  hasNewer?: boolean;
  loadingNewer?: boolean;
  onLoadNewer?(): void;
  /** Leaves the window for the newest rows (a pill while `hasNewer`). */
  onToLatest?(): void;
  /** User setting `hideMessageTime`: no time separators. */
  hideTimes?: boolean;
  /**
   * Opened with unread rows, the oldest of them `key`: while it is above the view a "N new
   * messages" pill at the top jumps up to it (WeChat). `lower` moves the pill under the @me pill.
   */
  unreadOnOpen?: { key: string; count: number; lower?: boolean } | null;
  /**
   * Said above the oldest row instead of "no earlier messages" when the server could not be
   * asked (offline, a failed older page): not knowing is not "nothing more" (issue 42 #4).
   * `onRetry` makes it a button that asks again.
   */
  topNote?: { text: string; onRetry?(): void } | null;
}

export interface MessageListHandle {
  /** Keep the newest message in view if it was (the composer grew, the keyboard opened). */
  keepBottom(): void;
  /** Bring one row into view (e.g. the message that mentioned me); false when not loaded. */
  scrollToKey(key: string): boolean;
}

/** Close enough to the bottom to follow new messages. */
const BOTTOM_SLACK = 80;
/** Start loading older rows this close to the top. */
const TOP_THRESHOLD = 300;

/**
 * Virtualised chat (virtua): only what is on screen is mounted, so 10k rows stay smooth.
 * Older pages load near the top with `shift` so the view does not jump; new rows follow the
 * bottom when it was in view, otherwise a "new messages" pill counts them.
 */
export const MessageList = forwardRef<MessageListHandle, MessageListProps>(function MessageList(
  {
    items,
    hasMore,
    loadingOlder,
    onLoadOlder,
    now,
    hasNewer = false,
    loadingNewer = false,
    onLoadNewer,
    onToLatest,
    hideTimes = false,
    unreadOnOpen = null,
    topNote = null,
  },
  handle,
) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const vRef = useRef<VirtualizerHandle>(null);
  const atBottom = useRef(true);
  const prev = useRef<{ first?: string; last?: string; count: number }>({ count: 0 });
  const [unseen, setUnseen] = useState(0);
  const [shifting, setShifting] = useState(false);
  // Until the first jump to the newest message settles, a scroll near the top is not the user's.
  const settled = useRef(false);
  const [ready, setReady] = useState(false);
  // Rows appended by scrolling down a window stay where they are (no jump to the bottom).
  const appendingNewer = useRef(false);
  const first = items[0]?.key;
  const last = items[items.length - 1]?.key;
  const [unreadAbove, setUnreadAbove] = useState(false);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const unreadKey = unreadOnOpen?.key;
  const unreadIndex = useCallback(
    () => (unreadKey ? itemsRef.current.findIndex((i) => i.key === unreadKey) : -1),
    [unreadKey],
  );

  // Once the first jump to the newest row has settled: is the first unread row above the view?
  useEffect(() => {
    if (!unreadKey) return;
    const h = setTimeout(() => {
      const v = vRef.current;
      const index = unreadIndex();
      if (v && index >= 0 && v.getItemOffset(index) < v.scrollOffset) setUnreadAbove(true);
    }, 350);
    return () => clearTimeout(h);
  }, [unreadKey, unreadIndex]);

  const toFirstUnread = () => {
    const index = unreadIndex();
    if (index >= 0) vRef.current?.scrollToIndex(index, { align: 'start' });
    setUnreadAbove(false);
  };

  // Prepending (older page) keeps the position from the end; appending must not.
  const shift =
    last === prev.current.last && (shifting || (prev.current.first !== undefined && first !== prev.current.first));

  const toBottom = useCallback(() => {
    const v = vRef.current;
    if (!v || items.length === 0) return;
    v.scrollToIndex(items.length - 1, { align: 'end' });
    atBottom.current = true;
    setUnseen(0);
  }, [items.length]);

  useImperativeHandle(
    handle,
    () => ({
      keepBottom: () => atBottom.current && toBottom(),
      scrollToKey: (key: string) => {
        const index = items.findIndex((i) => i.key === key);
        if (index < 0 || !vRef.current) return false;
        vRef.current.scrollToIndex(index, { align: 'center' });
        return true;
      },
    }),
    [toBottom, items],
  );

  useLayoutEffect(() => {
    const was = prev.current;
    prev.current = { first, last, count: items.length };
    if (last === was.last) return;
    setShifting(false);
    if (was.last === undefined) {
      toBottom(); // first paint: start at the newest message
      return;
    }
    if (appendingNewer.current) {
      appendingNewer.current = false;
      return;
    }
    const lastItem = items[items.length - 1];
    if (atBottom.current || lastItem?.mine) toBottom();
    else {
      const added = items.length - items.findIndex((i) => i.key === was.last) - 1;
      setUnseen((n) => n + Math.max(1, added));
    }
  }, [first, last, items, toBottom]);

  // The first jump settles 300 ms after the first rows. Not in the layout effect above: its
  // cleanup runs on every new `items` (a refetch after the socket binds, group names arriving),
  // and a timer cleared there never ran again, so older pages never loaded (issue 15).
  const hasRows = items.length > 0;
  useEffect(() => {
    if (!hasRows) return;
    const h = setTimeout(() => {
      settled.current = true;
      setReady(true);
    }, 300);
    return () => clearTimeout(h);
  }, [hasRows]);

  const onScroll = (offset: number) => {
    const v = vRef.current;
    if (!v) return;
    atBottom.current = !hasNewer && offset + v.viewportSize >= v.scrollSize - BOTTOM_SLACK;
    if (hasNewer && onLoadNewer && !loadingNewer && offset + v.viewportSize >= v.scrollSize - TOP_THRESHOLD) {
      appendingNewer.current = true;
      onLoadNewer();
    }
    if (atBottom.current && unseen) setUnseen(0);
    if (unreadAbove) {
      const index = unreadIndex();
      if (index < 0 || v.getItemOffset(index) >= offset) setUnreadAbove(false);
    }
    if (settled.current && offset < TOP_THRESHOLD && hasMore && !loadingOlder && items.length > 0) {
      setShifting(true);
      onLoadOlder();
    }
  };

  // Near the top with more to load and no scroll to wait for: a first page too short to fill
  // the view (short rows, a tall window) has no scrollbar to pull, and after an older page lands
  // we may still be near the top. Without this the oldest rows (a group's "created" line) never
  // load (issue 15). Once per number of rows: a failed load (offline) is not retried in a loop,
  // the next rows or the user's own scroll ask again.
  const askedWith = useRef(-1);
  useEffect(() => {
    if (!ready || loadingOlder || !hasMore || askedWith.current === items.length) return;
    const v = vRef.current;
    if (v && v.scrollOffset < TOP_THRESHOLD) {
      askedWith.current = items.length;
      setShifting(true);
      onLoadOlder();
    }
  }, [ready, loadingOlder, hasMore, items.length, onLoadOlder]);

  return (
    <div className={styles.wrap}>
      {loadingOlder ? <div className={styles.loading}>{t('chat.loadingOlder')}</div> : null}
      <div ref={scrollRef} className={styles.scroll} data-testid="message-list">
        <div className={styles.bottomAlign}>
          <Virtualizer
            ref={vRef}
            scrollRef={scrollRef}
            shift={shift}
            onScroll={onScroll}
            onResize={() => atBottom.current && toBottom()}
            data={items}
          >
            {(item: ChatItem, i: number) => {
              const prevItem = items[i - 1];
              return (
                <div key={item.key}>
                  {i === 0 ? <TopLine note={topNote} hasMore={hasMore} noMore={t('chat.noMore')} /> : null}
                  {!hideTimes && needsSeparator(prevItem?.sendTime, item.sendTime) ? (
                    <div className={styles.separator} role="separator">
                      <span>{separatorLabel(item.sendTime, now, t('time', { returnObjects: true }))}</span>
                    </div>
                  ) : null}
                  {item.render()}
                </div>
              );
            }}
          </Virtualizer>
        </div>
      </div>
      {unreadAbove && unreadOnOpen ? (
        <button
          type="button"
          className={`${styles.unreadPill} ${unreadOnOpen.lower ? styles.lower : ''}`}
          onClick={toFirstUnread}
          data-testid="unread-above-pill"
        >
          <ArrowDownIcon size={14} className={styles.up} />
          {t('chat.newMessages', { count: unreadOnOpen.count })}
        </button>
      ) : null}
      {loadingNewer ? (
        <div className={`${styles.loading} ${styles.loadingNewer}`}>{t('messageActions.jump.loadingNewer')}</div>
      ) : null}
      {/* Kept while a newer page loads: a button that blinks out under the thumb cannot be tapped. */}
      {hasNewer && onToLatest ? (
        <button type="button" className={styles.pill} onClick={onToLatest} data-testid="to-latest-pill">
          <ArrowDownIcon size={14} />
          {t('messageActions.jump.toLatest')}
        </button>
      ) : unseen > 0 ? (
        <button type="button" className={styles.pill} onClick={toBottom} data-testid="new-messages-pill">
          <ArrowDownIcon size={14} />
          {t('chat.newMessages', { count: unseen })}
        </button>
      ) : null}
    </div>
  );
});

/** Above the oldest row: why nothing older shows, when it is known or could not be asked. */
export function TopLine({
  note,
  hasMore,
  noMore,
}: {
  note: MessageListProps['topNote'];
  hasMore: boolean;
  noMore: string;
}) {
  if (note?.onRetry)
    return (
      <button
        type="button"
        className={`${styles.noMore} ${styles.retry}`}
        onClick={note.onRetry}
        data-testid="chat-top-note"
      >
        {note.text}
      </button>
    );
  if (note)
    return (
      <div className={styles.noMore} data-testid="chat-top-note">
        {note.text}
      </div>
    );
  return hasMore ? null : <div className={styles.noMore}>{noMore}</div>;
}
