import { plainText } from '../../../../state/conversations/model';
import styles from '../MessageBubble.module.css';
import type { BodyProps } from '../../../../state/messages/types';

/** Plain text of any message this client has no richer view for. */
export function PlainBody({ msg }: BodyProps) {
  return <div className={styles.text}>{plainText(msg.content)}</div>;
}
