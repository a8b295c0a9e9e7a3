import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { extensionOf } from '@parley/protocol';
import { dialogs } from '../../ui/dialogs';
import { fileOpen } from './file-open';
import { humanSize } from './format';
import styles from './media.module.css';

export interface FileCardProps {
  name: string;
  size?: number;
  /** Type icon (`extUrl`); a coloured tile with the extension when missing or broken. */
  icon?: string;
  content?: string;
  preview?: string;
  download?: string;
  testId?: string;
}

/** A file as a card: type icon, name, size; a tap previews or downloads it (§14). */
export function FileCard(p: FileCardProps) {
  const { t } = useTranslation();
  const [iconFailed, setIconFailed] = useState(false);
  const open = fileOpen(p);
  const ext = extensionOf(p.name);
  // Named by what it shows, the action said first in hidden text: an aria-label of "Open file
  // <name>" left out the size on screen (axe label-content-name-mismatch, issue 42 #9).
  const inner = (
    <>
      <span className="visually-hidden">{t('media.file.openHint')} </span>
      <span className={styles.fileText}>
        <span className={styles.fileName}>{p.name}</span>
        {p.size ? <span className={styles.fileSize}>{humanSize(p.size)}</span> : null}
      </span>
      {p.icon && !iconFailed ? (
        <img className={styles.fileIcon} src={p.icon} alt="" onError={() => setIconFailed(true)} />
      ) : (
        <span className={styles.fileIconFallback} aria-hidden="true">
          {ext.slice(0, 4) || '?'}
        </span>
      )}
    </>
  );
  if (!open) {
    return (
      <button
        type="button"
        className={styles.file}
        onClick={() => dialogs.toast(t('media.file.noPreview'))}
        data-testid={p.testId}
      >
        {inner}
      </button>
    );
  }
  return (
    <a
      className={styles.file}
      href={open.url}
      target="_blank"
      rel="noopener noreferrer"
      download={open.kind === 'download' ? p.name : undefined}
      data-testid={p.testId}
      data-open={open.kind}
    >
      {inner}
    </a>
  );
}
