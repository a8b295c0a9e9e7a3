import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Virtualizer, type VirtualizerHandle } from 'virtua';
import type { Contact } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { indexLetters, type Section } from '../address-book';
import { ContactRow } from './ContactRow';
import { IndexBar } from './IndexBar';
import styles from './AddressBook.module.css';

type Item =
  | { key: string; kind: 'top'; node: ReactNode }
  | { key: string; kind: 'header'; letter: string }
  | { key: string; kind: 'person'; c: Contact }
  | { key: string; kind: 'total' }
  | { key: string; kind: 'empty'; node: ReactNode };

const HEADER_HEIGHT = 28;

export interface AddressBookProps {
  /** The fixed entries above the people (new friends, group chats). */
  top: ReactNode[];
  sections: Section[];
  /** Shown below the fixed entries while there are no people (they stay usable above it). */
  empty?: ReactNode;
  roundAvatar: boolean;
  /** Id of the person whose card is open beside the list (desktop), highlighted. */
  selectedId?: string | null;
  onOpen: (c: Contact) => void;
}

/**
 * Top entries, then A–Z sections of people. Virtualised (virtua), so the section header that
 * sticks to the top is drawn as an overlay that follows the scroll position, and the next
 * header pushes it up as in WeChat.
 */
export function AddressBook({ top, sections, empty, roundAvatar, selectedId = null, onOpen }: AddressBookProps) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const vRef = useRef<VirtualizerHandle>(null);
  const [stuck, setStuck] = useState<{ letter: string; shift: number } | null>(null);

  const { items, headerAt } = useMemo(() => {
    const list: Item[] = top.map((node, i) => ({ key: `top-${i}`, kind: 'top', node }));
    const at = new Map<string, number>();
    let count = 0;
    for (const s of sections) {
      at.set(s.letter, list.length);
      list.push({ key: `h-${s.letter}`, kind: 'header', letter: s.letter });
      for (const c of s.people) list.push({ key: `p-${String(c.id)}`, kind: 'person', c });
      count += s.people.length;
    }
    if (count > 0) list.push({ key: 'total', kind: 'total' });
    else if (empty) list.push({ key: 'empty', kind: 'empty', node: empty });
    return { items: list, headerAt: at };
  }, [top, sections, empty]);
  const total = useMemo(() => sections.reduce((n, s) => n + s.people.length, 0), [sections]);
  const headers = useMemo(() => [...headerAt.entries()].sort((a, b) => a[1] - b[1]), [headerAt]);

  const onScroll = (offset: number) => {
    const v = vRef.current;
    if (!v || headers.length === 0) return;
    let current: [string, number] | undefined;
    let next: [string, number] | undefined;
    for (const h of headers) {
      if (v.getItemOffset(h[1]) <= offset) current = h;
      else {
        next = h;
        break;
      }
    }
    if (!current) {
      setStuck(null);
      return;
    }
    const gap = next ? v.getItemOffset(next[1]) - offset : Infinity;
    const shift = gap < HEADER_HEIGHT ? gap - HEADER_HEIGHT : 0;
    setStuck((s) => (s?.letter === current[0] && s.shift === shift ? s : { letter: current[0], shift }));
  };

  const jump = (letter: string) => {
    // A letter without people jumps to the next one that has some (or the last).
    const target =
      indexLetters.slice(indexLetters.indexOf(letter)).find((l) => headerAt.has(l)) ?? headers[headers.length - 1]?.[0];
    const index = target ? headerAt.get(target) : undefined;
    if (index !== undefined) vRef.current?.scrollToIndex(index);
  };

  return (
    <div className={styles.wrap}>
      <div ref={scrollRef} className={styles.scroll} data-testid="address-book">
        <Virtualizer ref={vRef} scrollRef={scrollRef} data={items} onScroll={onScroll}>
          {(item: Item) => {
            switch (item.kind) {
              case 'top':
              case 'empty':
                return <div key={item.key}>{item.node}</div>;
              case 'header':
                return (
                  <div
                    key={item.key}
                    className={styles.header}
                    data-testid="contact-section"
                    data-letter={item.letter}
                    role="heading"
                    aria-level={2}
                  >
                    {item.letter}
                  </div>
                );
              case 'person':
                return (
                  <div key={item.key} className={styles.person}>
                    <ContactRow
                      id={item.c.id}
                      name={item.c.displayName}
                      avatar={item.c.avatar}
                      online={item.c.is_online === 1}
                      roundAvatar={roundAvatar}
                      selected={selectedId === String(item.c.id)}
                      onOpen={() => onOpen(item.c)}
                    />
                  </div>
                );
              case 'total':
                return (
                  <div key={item.key} className={styles.total}>
                    {t('contacts.total', { count: total })}
                  </div>
                );
            }
          }}
        </Virtualizer>
      </div>
      {stuck ? (
        <div
          className={`${styles.header} ${styles.stuck}`}
          style={{ transform: `translateY(${stuck.shift}px)` }}
          aria-hidden="true"
        >
          {stuck.letter}
        </div>
      ) : null}
      {headers.length > 0 ? <IndexBar letters={indexLetters} active={new Set(headerAt.keys())} onPick={jump} /> : null}
    </div>
  );
}
