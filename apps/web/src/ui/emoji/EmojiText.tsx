import { Fragment, useMemo } from 'react';
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
