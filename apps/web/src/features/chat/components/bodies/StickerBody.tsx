import { useTranslation } from 'react-i18next';
import styles from '../MessageBubble.module.css';
import type { BodyProps } from './types';

/** A sticker (`emoji` message, PROTOCOL §4.2): the image without a bubble. */
export function StickerBody({ msg }: BodyProps) {
  const { t } = useTranslation();
  return <img className={styles.sticker} src={msg.content} alt={t('preview.emoji')} loading="lazy" />;
}
