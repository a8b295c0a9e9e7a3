import { Fragment, useMemo, type ReactNode } from 'react';
import { emojiClass, splitEmoji } from './twemoji';

/** Plain text (a name, a preview, a title) with its emoji drawn as Twemoji pictures. */
export function EmojiText({ text }: { text: string }) {
  const parts = useMemo(() => splitEmoji(text), [text]);
  if (parts.length === 1 && typeof parts[0] === 'string') return <>{text}</>;
  return (
    <>
      {parts.map((p, i) =>
        typeof p === 'string' ? (
          <Fragment key={i}>{p}</Fragment>
        ) : (
          <img
            key={i}
            className={emojiClass}
            src={p.url}
            alt={p.emoji}
            draggable={false}
            loading="lazy"
            decoding="async"
          />
        ),
      )}
    </>
  );
}

/** A cell or line that may be plain text (an admin table's render): its emoji drawn, the rest as given. */
export function withEmoji(node: ReactNode): ReactNode {
  return typeof node === 'string' ? <EmojiText text={node} /> : node;
}
