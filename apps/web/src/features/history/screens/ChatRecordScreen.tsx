import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Message } from '@parley/protocol';
import { Page } from '../../../nav/Page';
import { href } from '../../../nav/routes';
import { EmptyState } from '../../../ui/EmptyState';
import { useDebounced } from '../../../lib/use-debounced';
import { useEndReached } from '../../../lib/use-end-reached';
import { keyOf } from '../../../state/conversations/model';
import { useHistory } from '../api';
import { gridFilters, historyFilters, type HistoryFilter } from '../filters';
import { HistoryRow, HistoryTile } from '../components/HistoryResult';
import styles from './ChatRecordScreen.module.css';
import { LoadingSpinner } from '../../../ui/LoadingSpinner';

/** Typing settles this long before a search is sent. */
const DEBOUNCE_MS = 300;

/**
 * /pages/message/record?id=<conversation>: search one chat's history by words and by kind
 * (all, pictures, videos, files, voice, links), newest first with endless scrolling; a result
 * opens the chat at that message.
 */
export default function ChatRecordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const conversation = keyOf(params.get('id') ?? '');
  const [filter, setFilter] = useState<HistoryFilter>('all');
  const [typed, setTyped] = useState('');
  const keywords = useDebounced(typed, DEBOUNCE_MS);
  const history = useHistory(conversation, filter, keywords);
  const rows = history.data?.pages.flat() ?? [];
  const sentinel = useRef<HTMLDivElement>(null);
  useEndReached(sentinel, history, rows.length);

  const open = (m: Message) => void navigate(href('chat', { id: conversation, msg_id: m.msg_id }));
  const grid = gridFilters.has(filter);

  return (
    <Page>
      <div className={styles.top}>
        <input
          className={styles.search}
          type="search"
          value={typed}
          placeholder={t('messageActions.history.search')}
          aria-label={t('messageActions.history.search')}
          onChange={(e) => setTyped(e.target.value)}
          data-testid="history-search"
        />
        <div className={styles.chips} role="group" aria-label={t('messageActions.history.all')}>
          {historyFilters.map((f) => (
            <button
              key={f}
              type="button"
              className={`${styles.chip} ${f === filter ? styles.on : ''}`}
              aria-pressed={f === filter}
              onClick={() => setFilter(f)}
              data-testid={`history-filter-${f}`}
            >
              {t(`messageActions.history.${f}`)}
            </button>
          ))}
        </div>
      </div>
      {history.isPending ? (
        <LoadingSpinner testId="history-loading" />
      ) : history.isError && rows.length === 0 ? (
        <EmptyState
          text={t('messageActions.history.retry')}
          actionText={t('common.ok')}
          onAction={() => void history.refetch()}
          testId="history-error"
        />
      ) : rows.length === 0 ? (
        <EmptyState text={t('messageActions.history.empty')} testId="history-empty" />
      ) : grid ? (
        <div className={styles.grid} data-testid="history-grid">
          {rows.map((m) => (
            <HistoryTile key={m.id} msg={m} onOpen={open} />
          ))}
        </div>
      ) : (
        <ul className={styles.list} data-testid="history-list">
          {rows.map((m) => (
            <HistoryRow key={m.id} msg={m} keywords={keywords} onOpen={open} />
          ))}
        </ul>
      )}
      {rows.length > 0 ? (
        <div ref={sentinel} className={styles.footer} data-testid="history-footer">
          {history.isFetchingNextPage
            ? t('messageActions.history.loadingMore')
            : history.hasNextPage
              ? ''
              : t('messageActions.history.end')}
        </div>
      ) : null}
    </Page>
  );
}
