import { useMemo, useRef, useState } from 'react';
import { orgImportColumns, orgLimits, type OrgImportRow } from '@parley/protocol';
import { adminApi } from '../api';
import { at } from '../i18n';
import styles from '../Admin.module.css';

/** The template: the header §18 asks for, then example rows in Chinese (a BOM so Excel reads UTF-8). */
const TEMPLATE = [
  orgImportColumns.join(','),
  'zhangsan,张三,zhangsan@example.com,研发部/前端组,前端工程师',
  'lisi,李四,lisi@example.com,研发部/后端组,后端工程师',
  'wangwu,王五,,财务部,会计',
].join('\r\n');

function downloadTemplate() {
  const url = URL.createObjectURL(new Blob(['\uFEFF', TEMPLATE, '\r\n'], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = at('imp.templateName');
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const size = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1 << 20
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / (1 << 20)).toFixed(1)} MB`;

type Stage = 'pick' | 'checking' | 'checked' | 'importing' | 'done';

/**
 * CSV import of people with departments (§18 /manage/org/import): choose a file, check it first
 * (preview: every row's outcome, nothing written), then import and see every row's result.
 */
export default function OrgImport() {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<Stage>('pick');
  const [rows, setRows] = useState<OrgImportRow[]>([]);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const tally = useMemo(() => {
    const n = { created: 0, updated: 0, failed: 0 };
    for (const r of rows) n[r.result === 'error' ? 'failed' : r.result] += 1;
    return n;
  }, [rows]);

  const run = async (preview: boolean) => {
    if (!file) return;
    setStage(preview ? 'checking' : 'importing');
    try {
      const answer = await adminApi.orgImport(file, preview);
      setRows(Array.isArray(answer) ? answer : []);
      setStage(preview ? 'checked' : 'done');
    } catch {
      // The API client showed the server's reason (header, encoding, too many rows).
      setStage(preview ? 'pick' : 'checked');
    }
  };
  const pick = (f: File | null) => {
    setFile(f);
    setRows([]);
    setOnlyErrors(false);
    setStage('pick');
  };
  const shown = onlyErrors ? rows.filter((r) => r.result === 'error') : rows;
  const busy = stage === 'checking' || stage === 'importing';
  const resultText = (r: OrgImportRow) =>
    r.result === 'error'
      ? at('imp.error')
      : stage === 'checked'
        ? at(r.result === 'created' ? 'imp.willCreate' : 'imp.willUpdate')
        : at(`imp.${r.result}`);

  return (
    <div className={styles.card} data-testid="org-import">
      <p className={styles.muted}>{at('imp.intro')}</p>
      <div className={styles.toolbar}>
        <button type="button" className={styles.btn} onClick={downloadTemplate} data-testid="import-template">
          {at('imp.template')}
        </button>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          hidden
          onChange={(e) => pick(e.target.files?.[0] ?? null)}
          data-testid="import-file"
        />
        <button type="button" className={styles.btn} disabled={busy} onClick={() => input.current?.click()}>
          {file ? at('imp.again') : at('imp.choose')}
        </button>
        {file ? (
          <span className={styles.muted}>{at('imp.chosen', { name: file.name, size: size(file.size) })}</span>
        ) : null}
      </div>
      {file ? (
        <div className={styles.toolbar}>
          <button
            type="button"
            className={`${styles.btn} ${stage === 'pick' ? styles.primary : ''}`}
            disabled={busy || file.size > orgLimits.importFileBytes}
            onClick={() => void run(true)}
            data-testid="import-preview"
          >
            {stage === 'checking' ? at('imp.checking') : at('imp.preview')}
          </button>
          <button
            type="button"
            className={`${styles.btn} ${styles.primary}`}
            disabled={stage !== 'checked' || tally.created + tally.updated === 0}
            onClick={() => void run(false)}
            data-testid="import-run"
          >
            {stage === 'importing' ? at('imp.importing') : at('imp.run')}
          </button>
        </div>
      ) : null}
      {stage === 'checked' || stage === 'done' ? (
        <>
          <p className={styles.notice} data-testid="import-summary" data-stage={stage}>
            {at(stage === 'checked' ? 'imp.previewDone' : 'imp.done', tally)}
          </p>
          <label className={styles.check}>
            <input type="checkbox" checked={onlyErrors} onChange={(e) => setOnlyErrors(e.target.checked)} />
            {at('imp.onlyErrors')}
          </label>
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="import-rows">
              <thead>
                <tr>
                  <th>{at('imp.line')}</th>
                  <th>{at('imp.account')}</th>
                  <th>{at('imp.result')}</th>
                  <th>{at('imp.msg')}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((r) => (
                  <tr key={r.line} data-result={r.result}>
                    <td>{r.line}</td>
                    <td>{r.account}</td>
                    <td>
                      <span className={`${styles.tag} ${r.result === 'error' ? styles.tagOff : styles.tagOn}`}>
                        {resultText(r)}
                      </span>
                    </td>
                    <td>{r.msg}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </div>
  );
}
