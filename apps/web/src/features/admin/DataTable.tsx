import type { ReactNode } from 'react';
import { at } from './i18n';
import styles from './Admin.module.css';
import { withEmoji } from '../../ui/emoji/EmojiText';

export interface Column<T> {
  key: string;
  label: string;
  render(row: T): ReactNode;
  /** Server sort field; the header becomes a button. */
  sort?: string;
  /** Hidden on phones, where each row is a card of label–value lines (Admin.module.css). */
  wide?: boolean;
}

export interface Sort {
  field: string;
  /** 1 ascending, 0 descending (PROTOCOL §12.3 `order_type`). */
  type: 0 | 1;
}

/** A server-paged table: sortable headers, optional row selection, loading / empty / error states. */
export function DataTable<T>(props: {
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey(row: T): string | number;
  error?: boolean;
  onRetry?(): void;
  sort?: Sort;
  onSort?(s: Sort): void;
  selected?: Set<string | number>;
  onSelect?(next: Set<string | number>): void;
  page: number;
  limit: number;
  count: number;
  onPage(page: number): void;
  testId?: string;
}) {
  const { columns, rows, rowKey, sort, selected, onSelect } = props;
  const pages = Math.max(1, Math.ceil(props.count / props.limit));
  if (props.error) {
    return (
      <button type="button" className={`${styles.state} ${styles.link}`} onClick={props.onRetry}>
        {at('loadFailed')}
      </button>
    );
  }
  if (!rows) return <div className={styles.state}>…</div>;
  const allKeys = rows.map(rowKey);
  const allOn = allKeys.length > 0 && allKeys.every((k) => selected?.has(k));
  return (
    <div data-testid={props.testId}>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              {onSelect ? (
                <th>
                  <input
                    type="checkbox"
                    aria-label="all"
                    checked={allOn}
                    onChange={() => onSelect(new Set(allOn ? [] : allKeys))}
                  />
                </th>
              ) : null}
              {columns.map((c) => (
                <th
                  key={c.key}
                  className={c.wide ? styles.hideOnPhone : c.sort && props.onSort ? undefined : styles.plainHead}
                  aria-sort={
                    sort?.field === c.sort && c.sort ? (sort?.type === 1 ? 'ascending' : 'descending') : undefined
                  }
                >
                  {c.sort && props.onSort ? (
                    <button
                      type="button"
                      onClick={() =>
                        props.onSort?.({
                          field: c.sort ?? '',
                          type: sort?.field === c.sort && sort?.type === 0 ? 1 : 0,
                        })
                      }
                    >
                      {c.label} {sort?.field === c.sort ? (sort?.type === 1 ? '▲' : '▼') : '↕'}
                    </button>
                  ) : (
                    c.label
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const k = rowKey(r);
              return (
                <tr key={k} aria-selected={selected?.has(k) ? true : undefined}>
                  {onSelect ? (
                    <td className={styles.selectCell}>
                      <input
                        type="checkbox"
                        aria-label={String(k)}
                        checked={selected?.has(k) ?? false}
                        onChange={() => {
                          const next = new Set(selected);
                          if (next.has(k)) next.delete(k);
                          else next.add(k);
                          onSelect(next);
                        }}
                      />
                    </td>
                  ) : null}
                  {columns.map((c) => (
                    <td key={c.key} className={c.wide ? styles.hideOnPhone : undefined} data-label={c.label}>
                      {withEmoji(c.render(r))}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {rows.length === 0 ? <div className={styles.state}>{at('empty')}</div> : null}
      <div className={styles.pager}>
        <span>{at('pageOf', { page: props.page, pages, count: props.count })}</span>
        <button
          type="button"
          className={styles.btn}
          disabled={props.page <= 1}
          onClick={() => props.onPage(props.page - 1)}
        >
          {at('prev')}
        </button>
        <button
          type="button"
          className={styles.btn}
          disabled={props.page >= pages}
          onClick={() => props.onPage(props.page + 1)}
        >
          {at('next')}
        </button>
      </div>
    </div>
  );
}

/** A small modal of the console (forms, member lists). */
export function Dialog(props: { title: string; children: ReactNode; onClose(): void; actions?: ReactNode }) {
  return (
    <div
      className={styles.overlay}
      role="presentation"
      onClick={(e) => e.target === e.currentTarget && props.onClose()}
      onKeyDown={(e) => e.key === 'Escape' && props.onClose()}
    >
      <div className={styles.dialog} role="dialog" aria-modal="true" aria-label={props.title}>
        <h3>{props.title}</h3>
        {props.children}
        <div className={styles.dialogActions}>
          {props.actions}
          <button type="button" className={styles.btn} onClick={props.onClose}>
            {at('cancel')}
          </button>
        </div>
      </div>
    </div>
  );
}
