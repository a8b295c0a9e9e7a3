import { useTranslation } from 'react-i18next';
import { FileCate, type FileManagerRow } from '@parley/protocol';
import { formatYmd } from '../../lib/format/time';
import { dialogs } from '../../ui/dialogs';
import { fileOpen } from './file-open';
import { humanSize } from './format';
import styles from './FileManager.module.css';

/**
 * One file of the file manager: icon (pictures show themselves), name, size, date and who sent
 * it; a tap previews or downloads it like a file bubble does.
 */
export function FileRow({ row, myId }: { row: FileManagerRow; myId: number }) {
  const { t } = useTranslation();
  const open = fileOpen({ name: row.name, content: row.src, preview: row.preview, download: row.download });
  const who = row.from_user === myId ? null : row.user_id_info?.displayName || row.user_id_info?.realname;
  const icon = row.cate === FileCate.image ? row.src : row.extUrl;
  const inner = (
    <>
      <img className={styles.icon} src={icon} alt="" loading="lazy" />
      <span className={styles.text}>
        <span className={styles.name}>{row.name}</span>
        <span className={styles.meta}>
          {humanSize(row.size)} · {formatYmd(new Date(row.create_time * 1000))}
          {who ? ` · ${t('media.manager.from', { name: who })}` : ''}
        </span>
      </span>
    </>
  );
  return (
    <li>
      {open ? (
        <a
          className={styles.row}
          href={open.url}
          target="_blank"
          rel="noopener noreferrer"
          download={open.kind === 'download' ? row.name : undefined}
          aria-label={t('media.file.open', { name: row.name })}
          data-testid="file-row"
          data-open={open.kind}
        >
          {inner}
        </a>
      ) : (
        <button
          type="button"
          className={styles.row}
          onClick={() => dialogs.toast(t('media.file.noPreview'))}
          data-testid="file-row"
        >
          {inner}
        </button>
      )}
    </li>
  );
}
