import { useMemo, type MouseEvent } from 'react';
import { sanitizeMessageHtml } from '../../../../lib/sanitize-html';
import { safeWebUrl, webviewHref } from '../../../mine/webview';
import styles from '../MessageBubble.module.css';
import type { BodyProps } from '../../../../state/messages/types';
import { emojifyHtml } from '../../../../ui/emoji/twemoji';
import { noticeOf } from '../../../../state/messages/notice-line';
import { NoticeLineBody } from './NoticeLineBody';

/** Phone-sized screens open other sites' links in the in-app browser (issue 17). */
const phoneSized = () => typeof window !== 'undefined' && window.matchMedia?.('(max-width: 767px)').matches === true;

/** Sanitised HTML of a text message (the same allow-list as the server, PROTOCOL §4.3), emoji as pictures. */
export function TextBody({ msg }: BodyProps) {
  // A notice line mentions everyone (the server stores `at` 0 as the members' ids): the same
  // words typed without a mention stay a plain message.
  const notice = msg.at && msg.at.length === 0 ? null : noticeOf(msg.content);
  if (notice !== null) return <NoticeLineBody notice={notice} />;
  return <RichText msg={msg} />;
}

function RichText({ msg }: Pick<BodyProps, 'msg'>) {
  const html = useMemo(() => emojifyHtml(sanitizeMessageHtml(msg.content)), [msg.content]);
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const a = (e.target as HTMLElement).closest('a');
    const url = safeWebUrl(a?.getAttribute('href'));
    if (!a || !url || !phoneSized() || new URL(url).origin === window.location.origin) return;
    e.preventDefault();
    // Hash routing: setting the hash navigates (this body also renders outside a router in tests).
    window.location.hash = webviewHref(url, a.textContent ?? undefined);
  };
  return <div className={styles.text} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
