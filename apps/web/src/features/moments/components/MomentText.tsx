import { linkify } from '../model';
import styles from './Post.module.css';

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
            {p.text}
          </a>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </span>
  );
}
