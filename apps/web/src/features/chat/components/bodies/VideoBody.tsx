import styles from '../MessageBubble.module.css';
import type { BodyProps } from './types';

/** A video message. */
export function VideoBody({ msg }: BodyProps) {
  return <video className={styles.image} controls preload="none" src={msg.content} />;
}
