import { useTranslation } from 'react-i18next';
import styles from '../MessageBubble.module.css';
import type { BodyProps } from './types';

/** An image message. */
export function ImageBody({ msg, senderName }: BodyProps) {
  const { t } = useTranslation();
  return <img className={styles.image} src={msg.content} alt={t('chat.messageFrom', { name: senderName })} loading="lazy" />;
}
