import { useTranslation } from 'react-i18next';
import type { Message } from '@parley/protocol';
import { Avatar } from '../../../ui/Avatar';
import { separatorLabel } from '../../../lib/format/time';
import { plainText } from '../../../state/conversations/model';
import { previewOf } from '../../../state/messages/preview';
import { snippet } from '../filters';
import styles from '../screens/ChatRecordScreen.module.css';
import { EmojiText } from '../../../ui/emoji/EmojiText';

interface ResultProps {
  msg: Message;
  onOpen(m: Message): void;
}

const extendsOf = (m: Message) =>
  m.extends && typeof m.extends === 'object' ? (m.extends as Record<string, unknown>) : {};
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** One found message: sender, time, and a highlighted snippet, file line or media tag. */
export function HistoryRow({ msg, keywords, onOpen }: ResultProps & { keywords: string }) {
  const { t } = useTranslation();
  const name = msg.fromUser?.displayName || msg.fromUser?.realname || '';
  const ext = extendsOf(msg);
  let body: React.ReactNode;
  if (msg.type === 'text') {
    const s = snippet(plainText(msg.content), keywords);
    body = (
      <>
        {s.before}
        {s.hit ? <mark className={styles.mark}>{s.hit}</mark> : null}
        {s.after}
      </>
    );
  } else if (msg.type === 'file') {
    body = (
      <span className={styles.file}>
        {msg.extUrl ? <img src={msg.extUrl} alt="" className={styles.fileIcon} /> : null}
        <span className={styles.fileName}>{msg.fileName || previewOf('file', '', t)}</span>
      </span>
    );
  } else if (msg.type === 'voice') {
    body = t('messageActions.history.voiceSeconds', { seconds: Number(ext.duration) || 0 });
  } else if (msg.type === 'image') {
    body = (
      <img
        src={str(ext.thumb) || msg.content}
        alt={previewOf('image', '', t)}
        className={styles.inlineThumb}
        loading="lazy"
      />
    );
  } else {
    body = previewOf(msg.type, msg.content, t);
  }
  return (
    <li>
      <button
        type="button"
        className={styles.row}
        onClick={() => onOpen(msg)}
        data-testid="history-row"
        data-msg-id={msg.msg_id}
      >
        <Avatar src={msg.fromUser?.avatar} name={name} seed={msg.from_user} size={40} />
        <span className={styles.main}>
          <span className={styles.head}>
            <span className={styles.name}>
              <EmojiText text={name} />
            </span>
            <time className={styles.time}>
              {separatorLabel(msg.sendTime, Date.now(), t('time', { returnObjects: true }))}
            </time>
          </span>
          <span className={styles.text}>{body}</span>
        </span>
      </button>
    </li>
  );
}

/** A picture or video in the media grid. */
export function HistoryTile({ msg, onOpen }: ResultProps) {
  const { t } = useTranslation();
  const ext = extendsOf(msg);
  const src = msg.type === 'video' ? str(ext.poster) : str(ext.thumb) || msg.content;
  const label = previewOf(msg.type, '', t);
  return (
    <button
      type="button"
      className={styles.tile}
      onClick={() => onOpen(msg)}
      aria-label={label}
      data-testid="history-tile"
      data-msg-id={msg.msg_id}
    >
      {src ? <img src={src} alt={label} loading="lazy" /> : null}
      {msg.type === 'video' ? (
        <span className={styles.play} aria-hidden="true">
          ▶
        </span>
      ) : null}
    </button>
  );
}
