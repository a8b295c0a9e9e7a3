import { lazy, Suspense, useState } from 'react';
import type { AdminNoticeRow } from '@parley/protocol';
import { dialogs } from '../../../ui/dialogs';
import { adminApi } from '../api';
import { DataTable } from '../DataTable';
import { at } from '../i18n';
import { useLoad } from '../use-load';
import { ReadListView } from '../../read-list/ReadListView';
import styles from '../Admin.module.css';

// The group notice editor (TipTap), reused; it loads only when opened.
const NoticeEditor = lazy(() => import('../../groups/editor/NoticeEditor'));

/** Announcements (§12.3 noticeList / publishNotice / delNotice): they appear in 系统通知. */
export default function Notices() {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminNoticeRow | 'new' | null>(null);
  const [title, setTitle] = useState('');
  // §17: the announcement whose read lists are open under the toolbar (mine only: others carry no counts).
  const [reads, setReads] = useState<AdminNoticeRow | null>(null);
  const list = useLoad(() => adminApi.notices(page), String(page));
  const open = (n: AdminNoticeRow | 'new') => {
    setTitle(n === 'new' ? '' : n.title);
    setEditing(n);
  };
  const del = async (n: AdminNoticeRow) => {
    if (!(await dialogs.modal({ content: at('notice.confirmDel'), danger: true })).confirm) return;
    await adminApi.delNotice(n.msg_id).catch(() => undefined);
    list.reload();
  };
  return (
    <div className={styles.card}>
      <div className={styles.toolbar}>
        <button
          type="button"
          className={`${styles.btn} ${styles.primary}`}
          onClick={() => open('new')}
          data-testid="notice-new"
        >
          {at('notice.publish')}
        </button>
      </div>
      {editing ? (
        <div className={styles.card} style={{ border: '1px solid var(--hairline)' }}>
          <label className={styles.field}>
            {at('notice.title')}
            <input value={title} maxLength={64} onChange={(e) => setTitle(e.target.value)} data-testid="notice-title" />
          </label>
          <Suspense fallback={<div className={styles.state}>…</div>}>
            <NoticeEditor
              initial={editing === 'new' ? '' : editing.notice}
              onClose={() => setEditing(null)}
              onSave={async (html) => {
                await adminApi.publishNotice(title.trim(), html, editing === 'new' ? undefined : editing.msg_id);
                setEditing(null);
                list.reload();
              }}
            />
          </Suspense>
        </div>
      ) : null}
      {reads ? (
        <div className={styles.readLists} data-testid="notice-reads">
          <ReadListView
            key={reads.id}
            msgId={reads.id}
            counts={
              reads.readCount !== undefined && reads.unreadCount !== undefined
                ? { readCount: reads.readCount, unreadCount: reads.unreadCount }
                : undefined
            }
            onClose={() => setReads(null)}
            autoFocus
          />
        </div>
      ) : null}
      <DataTable<AdminNoticeRow>
        testId="notices-table"
        rows={list.data?.rows}
        error={list.error}
        onRetry={list.reload}
        rowKey={(n) => n.msg_id}
        page={page}
        limit={20}
        count={list.data?.count ?? 0}
        onPage={setPage}
        columns={[
          { key: 'title', label: at('notice.title'), render: (n) => n.title },
          { key: 'time', label: at('msg.time'), render: (n) => n.create_time },
          {
            key: 'reads',
            label: at('notice.reads'),
            render: (n) =>
              n.readCount !== undefined && n.unreadCount !== undefined ? (
                <button
                  type="button"
                  className={styles.link}
                  onClick={() => setReads(n)}
                  aria-expanded={reads?.id === n.id}
                  data-testid="notice-read-count"
                >
                  {at('notice.readCounts', { read: n.readCount, unread: n.unreadCount })}
                </button>
              ) : (
                <span title={at('notice.readsHiddenTip')}>{at('notice.readsHidden')}</span>
              ),
          },
          {
            key: 'actions',
            label: at('actions'),
            render: (n) => (
              <>
                <button type="button" className={styles.link} onClick={() => open(n)}>
                  {at('notice.edit')}
                </button>
                <button type="button" className={`${styles.link} ${styles.dangerLink}`} onClick={() => void del(n)}>
                  {at('notice.del')}
                </button>
              </>
            ),
          },
        ]}
      />
    </div>
  );
}
