import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../nav/Page';
import { EmptyState } from '../../../ui/EmptyState';
import { useDebounced } from '../../../lib/use-debounced';
import { useEndReached } from '../../../lib/use-end-reached';
import { useAuth } from '../../../state/auth';
import { cateFilters, fileScopes, useFiles, type FileScope } from '../files-api';
import { FileRow } from '../FileRow';
import { FolderIcon } from '../icons';
import styles from '../FileManager.module.css';
import { LoadingSpinner } from '../../../ui/LoadingSpinner';

/** Typing settles this long before a search is sent. */
const DEBOUNCE_MS = 300;

/**
 * /pages/mine/files: the files of my single chats and favourites (PROTOCOL §4.7) — all, sent or
 * received, by type and by name, newest first with endless scrolling; a tap opens one.
 */
export default function FileManagerScreen() {
  const { t } = useTranslation();
  const myId = useAuth((s) => s.userInfo?.user_id ?? 0);
  const [scope, setScope] = useState<FileScope>('all');
  const [cate, setCate] = useState(0);
  const [typed, setTyped] = useState('');
  const keywords = useDebounced(typed, DEBOUNCE_MS);
  const files = useFiles(scope, cate, keywords);
  const rows = files.data?.pages.flat() ?? [];
  const sentinel = useRef<HTMLDivElement>(null);
  useEndReached(sentinel, files, rows.length);

  const filtered = keywords.trim() !== '' || cate !== 0;
  return (
    <Page>
      <div className={styles.top}>
        <div className={styles.tabs} role="tablist" aria-label={t('media.manager.entry')}>
          {fileScopes.map((s) => (
            <button
              key={s}
              type="button"
              role="tab"
              aria-selected={s === scope}
              className={`${styles.tab} ${s === scope ? styles.on : ''}`}
              onClick={() => setScope(s)}
              data-testid={`files-scope-${s}`}
            >
              {t(`media.manager.${s}`)}
            </button>
          ))}
        </div>
        <input
          className={styles.search}
          type="search"
          value={typed}
          placeholder={t('media.manager.search')}
          aria-label={t('media.manager.search')}
          onChange={(e) => setTyped(e.target.value)}
          data-testid="files-search"
        />
        <div className={styles.chips} role="group" aria-label={t('media.manager.cates.all')}>
          {cateFilters.map((c) => (
            <button
              key={c.key}
              type="button"
              className={`${styles.chip} ${c.cate === cate ? styles.chipOn : ''}`}
              aria-pressed={c.cate === cate}
              onClick={() => setCate(c.cate)}
              data-testid={`files-cate-${c.key}`}
            >
              {t(`media.manager.cates.${c.key}`)}
            </button>
          ))}
        </div>
      </div>
      {files.isPending ? (
        <LoadingSpinner testId="files-loading" />
      ) : files.isError && rows.length === 0 ? (
        <EmptyState
          text={t('media.manager.loadFailed')}
          actionText={t('media.manager.retry')}
          onAction={() => void files.refetch()}
          testId="files-error"
        />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<FolderIcon size={56} />}
          text={filtered ? t('media.manager.emptySearch') : t('media.manager.empty')}
          testId="files-empty"
        />
      ) : (
        <ul className={styles.list} data-testid="files-list">
          {rows.map((row) => (
            <FileRow key={`${row.file_id}-${row.msg_id}`} row={row} myId={myId} />
          ))}
        </ul>
      )}
      {rows.length > 0 ? (
        <div ref={sentinel} className={styles.footer} data-testid="files-footer">
          {files.isFetchingNextPage ? t('common.loading') : files.hasNextPage ? '' : t('media.manager.noMore')}
        </div>
      ) : null}
    </Page>
  );
}
