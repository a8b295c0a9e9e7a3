import { useTranslation } from 'react-i18next';
import { fitSize } from '../../../stickers/model';
import styles from '../MessageBubble.module.css';
import type { BodyProps } from '../../../../state/messages/types';

/** Largest side of a sticker in the chat, px (the `.sticker` class caps it too). */
const MAX = 120;

/**
 * A sticker (`emoji` message, PROTOCOL §4.2): the image without a bubble. Its `extends` size
 * reserves the space before the picture loads, so the list does not jump.
 */
export function StickerBody({ msg, senderName }: BodyProps) {
  const { t } = useTranslation();
  const size = fitSize(msg.extends?.width, msg.extends?.height, MAX);
  return (
    <img
      className={styles.sticker}
      src={msg.content}
      alt={`${t('preview.emoji')} ${t('chat.messageFrom', { name: senderName })}`}
      loading="lazy"
      draggable={false}
      {...(size ? { width: size.width, height: size.height } : {})}
      data-testid="sticker-message"
    />
  );
}
