import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './IndexBar.module.css';

export interface IndexBarProps {
  letters: readonly string[];
  /** Letters that have people; the others are dimmed but still jump to the next section. */
  active: ReadonlySet<string>;
  onPick: (letter: string) => void;
}

/**
 * The right-hand A–Z bar. A finger (or mouse) can slide along it: the letter under the pointer
 * is picked as it moves, and shown large while held. Each letter is also a button for keyboards.
 */
export function IndexBar({ letters, active, onPick }: IndexBarProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [held, setHeld] = useState<string | null>(null);

  const pickAt = (clientY: number) => {
    const box = ref.current?.getBoundingClientRect();
    if (!box || box.height === 0) return;
    const i = Math.min(
      letters.length - 1,
      Math.max(0, Math.floor(((clientY - box.top) / box.height) * letters.length)),
    );
    const letter = letters[i];
    if (letter && letter !== held) {
      setHeld(letter);
      onPick(letter);
    }
  };
  const down = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture?.(e.pointerId);
    pickAt(e.clientY);
  };
  const move = (e: PointerEvent<HTMLDivElement>) => {
    if (held !== null) pickAt(e.clientY);
  };
  const up = () => setHeld(null);

  return (
    <>
      <div
        ref={ref}
        className={styles.bar}
        role="navigation"
        aria-label={t('contacts.indexBar')}
        data-testid="index-bar"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      >
        {letters.map((l) => (
          <button
            key={l}
            type="button"
            className={`${styles.letter} ${active.has(l) ? '' : styles.dim} ${held === l ? styles.on : ''}`}
            onClick={() => onPick(l)}
            data-letter={l}
          >
            {l}
          </button>
        ))}
      </div>
      {held ? (
        <div className={styles.bubble} aria-hidden="true">
          {held}
        </div>
      ) : null}
    </>
  );
}
