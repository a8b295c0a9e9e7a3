import { useState } from 'react';
import type { AuditRow } from '@parley/protocol';
import { useDebounced } from '../../../lib/use-debounced';
import { adminApi } from '../api';
import { DataTable } from '../DataTable';
import { at } from '../i18n';
import { useLoad } from '../use-load';
import styles from '../Admin.module.css';

/** The audit log (super-administrator only): who did what to what, and when. */
export default function Audit() {
  const [page, setPage] = useState(1);
  const [action, setAction] = useState('');
  const a = useDebounced(action, 300);
  const list = useLoad(() => adminApi.audit(page, a.trim()), `${page}|${a}`);
  return (
    <div className={styles.card}>
      <div className={styles.toolbar}>
        <input
          placeholder={at('audit.filter')}
          value={action}
          onChange={(e) => {
            setAction(e.target.value);
            setPage(1);
          }}
          aria-label={at('audit.filter')}
        />
      </div>
      <DataTable<AuditRow>
        testId="audit-table"
        rows={list.data?.rows}
        error={list.error}
        onRetry={list.reload}
        rowKey={(r) => r.id}
        page={page}
        limit={20}
        count={list.data?.count ?? 0}
        onPage={setPage}
        columns={[
          { key: 'time', label: at('audit.time'), render: (r) => r.create_time },
          {
            key: 'actor',
            label: at('audit.actor'),
            render: (r) => (r.actor ? `${r.actor.realname} (${r.actor.account})` : r.actor_id),
          },
          { key: 'action', label: at('audit.action'), render: (r) => <code>{r.action}</code> },
          {
            key: 'target',
            label: at('audit.target'),
            render: (r) => (r.target_type ? `${r.target_type} ${r.target_id}` : '–'),
          },
          {
            key: 'detail',
            label: at('audit.detail'),
            wide: true,
            render: (r) => (
              <code className={styles.content}>{Object.keys(r.detail).length ? JSON.stringify(r.detail) : ''}</code>
            ),
          },
          { key: 'ip', label: at('audit.ip'), wide: true, render: (r) => r.ip },
        ]}
      />
    </div>
  );
}
