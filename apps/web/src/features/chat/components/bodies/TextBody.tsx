import { useMemo } from 'react';
import { sanitizeMessageHtml } from '../../sanitize';
import styles from '../MessageBubble.module.css';
import type { BodyProps } from './types';
import { emojifyHtml } from '../../../../ui/emoji/twemoji';

/** Sanitised HTML of a text message (the same allow-list as the server, PROTOCOL §4.3), emoji as pictures. */
export function TextBody({ msg }: BodyProps) {
  const html = useMemo(() => emojifyHtml(sanitizeMessageHtml(msg.content)), [msg.content]);
  return <div className={styles.text} dangerouslySetInnerHTML={{ __html: html }} />;
}
