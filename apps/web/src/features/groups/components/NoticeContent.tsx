import { useMemo } from 'react';
import { sanitizeMessageHtml } from '../../../lib/sanitize-html';
import { fromWireHtml } from '../editor/sanitize-editor';
import styles from './NoticeContent.module.css';
import { emojifyHtml } from '../../../ui/emoji/twemoji';

/**
 * A group notice as members read it: rich text through the PROTOCOL §4.3 allow-list (DOMPurify),
 * its headings back at the levels the editor gave them.
 */
export function NoticeContent({
  html,
  clamped,
  className = '',
  testId = 'notice-content',
}: {
  html: string;
  clamped?: boolean;
  className?: string;
  testId?: string;
}) {
  // Sanitised first, then only tag names are rewritten and text nodes drawn with our emoji
  // pictures (as in the bubbles): the result has no attribute to smuggle.
  const safe = useMemo(() => emojifyHtml(fromWireHtml(sanitizeMessageHtml(html))), [html]);
  return (
    <div
      className={`${styles.root} ${clamped ? styles.clamped : ''} ${className}`}
      data-testid={testId}
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
