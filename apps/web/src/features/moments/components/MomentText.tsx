import { linkify } from '../model';
import styles from './Post.module.css';
import { EmojiText } from '../../../ui/emoji/EmojiText';

/** A post's or comment's plain text: web addresses become links, nothing is read as HTML. */
export function MomentText({ text, className }: { text: string; className?: string }) {
  return (
    <span className={className}>
      {linkify(text).map((p, i) =>
        p.kind === 'link' ? (
          <a
            key={i}
            className={styles.link}
            href={p.href}
            target="_blank"
            rel="noopener noreferrer"
            onClick={(e) => e.stopPropagation()}
          >
            <EmojiText text={p.text} />
          </a>
        ) : (
          <span key={i}>
            <EmojiText text={p.text} />
          </span>
        ),
      )}
    </span>
  );
}
