import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactKind, searchPlainText, type Contact, type SearchHighlight, type SearchMessage } from '@parley/protocol';
import { Avatar } from '../../../ui/Avatar';
import { separatorLabel } from '../../../lib/format/time';
import { looksLikePinyin, nameRanges, pieces, snippet } from '../model';
import styles from '../screens/SearchScreen.module.css';
import { EmojiText } from '../../../ui/emoji/EmojiText';

/** Text with its matches marked. */
function Marked({ text, ranges }: { text: string; ranges: readonly SearchHighlight[] }) {
  return (
    <>
      {pieces(text, ranges).map((p, i) =>
        p.hit ? (
          <mark key={i} className={styles.mark} data-testid="search-mark">
            <EmojiText text={p.text} />
          </mark>
        ) : (
          <EmojiText key={i} text={p.text} />
        ),
      )}
    </>
  );
}

interface ContactRowProps {
  contact: Contact;
  query: string;
  round: boolean;
  onOpen(c: Contact): void;
}

/** A person or group: the name with what matched marked, and the account when that is what matched. */
export const ContactResult = memo(function ContactResult({ contact: c, query, round, onOpen }: ContactRowProps) {
  const { t } = useTranslation();
  const q = query.trim().toLowerCase();
  const byName = c.displayName.toLowerCase().includes(q) || (c.realname ?? '').toLowerCase().includes(q);
  const account =
    c.is_group === ContactKind.person && !byName && c.account && c.account.toLowerCase().includes(q.replace(/\s+/g, ''))
      ? c.account
      : '';
  const ranges = nameRanges(c.displayName, query, !byName && !account && looksLikePinyin(query));
  const alsoRealname =
    c.is_group === ContactKind.person &&
    c.realname &&
    c.realname !== c.displayName &&
    c.realname.toLowerCase().includes(q)
      ? c.realname
      : '';
  return (
    <li>
      <button
        type="button"
        className={styles.row}
        onClick={() => onOpen(c)}
        data-testid={c.is_group ? 'search-group' : 'search-contact'}
        data-id={String(c.id)}
      >
        <Avatar src={c.avatar} name={c.displayName} seed={String(c.id)} size={40} round={round} />
        <span className={styles.main}>
          <span className={styles.title}>
            <Marked text={c.displayName} ranges={ranges} />
          </span>
          {account ? (
            <span className={styles.sub}>
              {t('search.account', { account: '' })}
              <Marked text={account} ranges={nameRanges(account, q.replace(/\s+/g, ''), false)} />
            </span>
          ) : alsoRealname ? (
            <span className={styles.sub}>
              <Marked text={alsoRealname} ranges={nameRanges(alsoRealname, query, false)} />
            </span>
          ) : null}
        </span>
      </button>
    </li>
  );
});

interface MessageRowProps {
  msg: SearchMessage;
  round: boolean;
  now: number;
  onOpen(m: SearchMessage): void;
}

/** A found message: its conversation, time, and a snippet with the matches marked. */
export const MessageResult = memo(function MessageResult({ msg: m, round, now, onOpen }: MessageRowProps) {
  const { t } = useTranslation();
  const c = m.contact;
  const isFile = m.type === 'file';
  const text = isFile ? (m.fileName ?? '') : searchPlainText(m.content);
  const s = snippet(text, m.highlight);
  const sender = c.is_group === ContactKind.group ? m.fromUser?.displayName || m.fromUser?.realname || '' : '';
  return (
    <li>
      <button
        type="button"
        className={styles.row}
        onClick={() => onOpen(m)}
        data-testid="search-message"
        data-msg-id={m.msg_id}
      >
        <Avatar src={c.avatar} name={c.displayName} seed={String(c.id)} size={40} round={round} />
        <span className={styles.main}>
          <span className={styles.head}>
            <span className={styles.title}>
              <EmojiText text={c.displayName} />
            </span>
            <time className={styles.time}>{separatorLabel(m.sendTime, now, t('time', { returnObjects: true }))}</time>
          </span>
          <span className={styles.sub}>
            {sender ? <EmojiText text={`${sender}: `} /> : ''}
            {isFile ? t('search.fileMessage') : ''}
            <Marked text={s.text} ranges={s.ranges} />
          </span>
        </span>
      </button>
    </li>
  );
});
