import { useTranslation } from 'react-i18next';
import styles from '../MessageBubble.module.css';
import type { BodyProps } from './types';

/** A file message. */
export function FileBody({ msg }: BodyProps) {
  const { t } = useTranslation();
  return (
    <a className={styles.text} href={msg.download || msg.content} target="_blank" rel="noopener noreferrer">
      {msg.fileName || t('preview.file')}
    </a>
  );
}
