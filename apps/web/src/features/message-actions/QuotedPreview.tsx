import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { Message } from '@parley/protocol';
import { actionsApi } from '../../state/messages/actions-api';
import { quoteOf, quotePreview } from './quote';
import styles from './Quote.module.css';
import { EmojiText } from '../../ui/emoji/EmojiText';

export interface QuotedPreviewProps {
  pid: number;
  /** The quoted row when it is loaded in this chat. */
  quoted: Message | undefined;
  /** `extends` of the quoting message (a compatible client's `quote` text). */
  ext: Message['extends'] | undefined;
  /** Names as this chat shows them (group cards). */
  nameOf(m: Message): string;
  onJump(msgId: number): void;
}

/**
 * Under a bubble that quotes another message: its sender and one line of it. Read from the
 * loaded rows, else `getMessageInfo msg_id`, else the quote text the sender stored.
 */
export function QuotedPreview({ pid, quoted, ext, nameOf, onJump }: QuotedPreviewProps) {
  const { t } = useTranslation();
  const info = useQuery({
    queryKey: ['quotedMessage', pid],
    queryFn: () => actionsApi.infoByMsgId(pid),
    enabled: !quoted,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const row = quoted ?? info.data;
  const stored = quoteOf(ext);
  const text = row
    ? `${nameOf(row)}: ${quotePreview(row, t)}`
    : stored
      ? `${stored.name ? `${stored.name}: ` : ''}${stored.content}`
      : info.isError
        ? t('messageActions.quote.unavailable')
        : '…';
  return (
    <button
      type="button"
      className={styles.quoted}
      onClick={() => onJump(pid)}
      aria-label={`${t('messageActions.quote.jump')}: ${text}`}
      data-testid="quoted-preview"
      data-pid={pid}
    >
      <EmojiText text={text} />
    </button>
  );
}
