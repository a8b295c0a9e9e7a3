import { useRef, useState } from 'react';
import { compassUrlValid, type CompassItem } from '@parley/protocol';
import { endpoints } from '../../../lib/endpoints';
import { dialogs } from '../../../ui/dialogs';
import { at } from '../i18n';
import styles from '../Admin.module.css';

/** The stored compass section as getAllConfig shows it: the switch as "0"/"1" (§12.3). */
export interface CompassValue {
  status: unknown;
  mode: unknown;
  list: unknown;
}

interface Row extends CompassItem {
  /** A key for React that survives reordering (items have no id of their own). */
  key: number;
}

let nextKey = 1;
const blank = (order: number): Row => ({ key: nextKey++, icon: '', name: '', type: 2, url: '', order, status: 1 });
const rowsOf = (list: unknown): Row[] =>
  (Array.isArray(list) ? (list as CompassItem[]) : []).map((it) => ({ ...blank(0), ...it, key: nextKey++ }));

/**
 * Discover's items (§12.1 `compass`) as rows a person edits: an icon uploaded from the computer
 * or phone (with progress), a name, an app path or a web address, the order and a switch. The
 * server validates the section on save and answers with its own text.
 */
export function CompassEditor({
  value,
  onSave,
  busy,
}: {
  value: CompassValue;
  onSave(out: Record<string, unknown>): void;
  busy: boolean;
}) {
  const [status, setStatus] = useState(String(value.status) === '1');
  const [mode, setMode] = useState(Number(value.mode) === 2 ? 2 : 1);
  const [rows, setRows] = useState<Row[]>(() => rowsOf(value.list));
  const patch = (key: number, p: Partial<Row>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...p } : r)));

  const save = () => {
    // The server refuses these too; saying which item, in words, spares a round trip and a field path.
    const bad = rows.findIndex((r) => !r.name.trim() || !compassUrlValid(r.type, r.url.trim()));
    const row = rows[bad];
    if (row) {
      const n = bad + 1;
      const text = !row.name.trim()
        ? at('settings.compassEditor.needName', { n })
        : row.type === 1
          ? at('settings.compassEditor.badPath', { n })
          : at('settings.compassEditor.badUrl', { n });
      dialogs.toast(text, { icon: 'error' });
      return;
    }
    const list = rows.map(({ key: _key, ...item }) => ({
      ...item,
      name: item.name.trim(),
      url: item.url.trim(),
      order: Number(item.order) || 0,
    }));
    onSave({ status: status ? '1' : '0', mode, list });
  };

  return (
    <>
      <div className={styles.form}>
        <label className={`${styles.field} ${styles.check}`}>
          <input
            type="checkbox"
            checked={status}
            onChange={(e) => setStatus(e.target.checked)}
            data-testid="cfg-status"
          />
          {at('settings.keys.status')}
        </label>
        <label className={styles.field}>
          {at('settings.compassEditor.mode')}
          <select value={mode} onChange={(e) => setMode(Number(e.target.value))} data-testid="cfg-mode">
            <option value={1}>{at('settings.compassEditor.modeList')}</option>
            <option value={2}>{at('settings.compassEditor.modeGrid')}</option>
          </select>
        </label>
      </div>
      <h4 className={styles.subhead}>{at('settings.keys.list')}</h4>
      {rows.length === 0 ? <p className={styles.muted}>{at('settings.compassEditor.empty')}</p> : null}
      <ul className={styles.compassList}>
        {rows.map((r, i) => (
          <CompassRow
            key={r.key}
            row={r}
            index={i}
            onChange={(p) => patch(r.key, p)}
            onRemove={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
          />
        ))}
      </ul>
      <div className={styles.toolbar} style={{ marginTop: 12 }}>
        <button
          type="button"
          className={styles.btn}
          onClick={() => setRows((rs) => [...rs, blank(rs.length + 1)])}
          data-testid="compass-add"
        >
          {at('settings.compassEditor.add')}
        </button>
        <button
          type="button"
          className={`${styles.btn} ${styles.primary}`}
          disabled={busy}
          onClick={save}
          data-testid="cfg-save"
        >
          {at('save')}
        </button>
      </div>
    </>
  );
}

function CompassRow({
  row,
  index,
  onChange,
  onRemove,
}: {
  row: Row;
  index: number;
  onChange(p: Partial<Row>): void;
  onRemove(): void;
}) {
  const file = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = async (f: File | undefined) => {
    if (!f) return;
    if (!f.type.startsWith('image/')) {
      dialogs.toast(at('settings.compassEditor.notImage'), { icon: 'error' });
      return;
    }
    setProgress(0);
    const res = await endpoints.uploadFile(f, f.name, { onProgress: setProgress }).catch(() => null);
    setProgress(null);
    if (res) onChange({ icon: res.src });
  };
  const name = `${at('settings.compassEditor.item')} ${index + 1}`;
  return (
    <li className={styles.compassRow} aria-label={name} data-testid={`compass-item-${index}`}>
      <div className={styles.compassIcon}>
        {row.icon ? <img src={row.icon} alt="" /> : <span aria-hidden="true">＋</span>}
        <button
          type="button"
          className={styles.link}
          onClick={() => file.current?.click()}
          disabled={progress !== null}
          data-testid={`compass-icon-${index}`}
        >
          {progress !== null
            ? at('settings.compassEditor.uploading', { percent: Math.round(progress * 100) })
            : at('settings.compassEditor.icon')}
        </button>
        <input
          ref={file}
          type="file"
          accept="image/*"
          hidden
          onChange={(e) => {
            void upload(e.target.files?.[0]);
            e.target.value = '';
          }}
          data-testid={`compass-icon-input-${index}`}
        />
      </div>
      <label className={styles.field}>
        {at('settings.compassEditor.name')}
        <input
          value={row.name}
          maxLength={32}
          onChange={(e) => onChange({ name: e.target.value })}
          data-testid={`compass-name-${index}`}
        />
      </label>
      <label className={styles.field}>
        {at('settings.compassEditor.type')}
        <select
          value={row.type}
          onChange={(e) => onChange({ type: Number(e.target.value) === 1 ? 1 : 2 })}
          data-testid={`compass-type-${index}`}
        >
          <option value={2}>{at('settings.compassEditor.typeUrl')}</option>
          <option value={1}>{at('settings.compassEditor.typeApp')}</option>
        </select>
      </label>
      <label className={`${styles.field} ${styles.grow}`}>
        {row.type === 1 ? at('settings.compassEditor.path') : at('settings.compassEditor.url')}
        <input
          value={row.url}
          placeholder={row.type === 1 ? '/pages/…' : 'https://…'}
          onChange={(e) => onChange({ url: e.target.value })}
          data-testid={`compass-url-${index}`}
        />
      </label>
      <label className={styles.field}>
        {at('settings.compassEditor.order')}
        <input
          type="number"
          value={row.order}
          onChange={(e) => onChange({ order: Number(e.target.value) })}
          style={{ width: 72 }}
          data-testid={`compass-order-${index}`}
        />
      </label>
      <label className={`${styles.field} ${styles.check}`}>
        <input
          type="checkbox"
          checked={row.status === 1}
          onChange={(e) => onChange({ status: e.target.checked ? 1 : 0 })}
          data-testid={`compass-status-${index}`}
        />
        {at('settings.compassEditor.shown')}
      </label>
      <button
        type="button"
        className={`${styles.link} ${styles.dangerLink}`}
        onClick={onRemove}
        data-testid={`compass-remove-${index}`}
      >
        {at('settings.compassEditor.remove')}
      </button>
    </li>
  );
}
