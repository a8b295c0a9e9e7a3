import styles from '../MessageBubble.module.css';
import type { BodyProps } from './types';

/** A voice note. */
export function VoiceBody({ msg }: BodyProps) {
  return <audio className={styles.audio} controls preload="none" src={msg.content} />;
}
