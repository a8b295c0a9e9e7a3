import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Popup } from 'antd-mobile';
import type { MenuAction } from './rules';
import styles from './MessageMenu.module.css';

export interface MenuItem {
  key: MenuAction;
  text: string;
  danger?: boolean;
}

export interface MessageMenuProps {
  items: MenuItem[];
  /** The bubble the menu belongs to (the popover sits next to it). */
  anchor: DOMRect;
  onPick(key: MenuAction): void;
  onClose(): void;
}

/** Wide windows get a popover beside the bubble; phones a bottom sheet (DESIGN.md). */
export const DESKTOP_MIN_WIDTH = 768;
const GAP = 6;
const EDGE = 8;

/** Where the popover goes: above the bubble when it fits, else below; kept inside the window. */
function popoverPosition(
  anchor: DOMRect,
  size: { width: number; height: number },
  view: { width: number; height: number },
) {
  const above = anchor.top - GAP - size.height >= EDGE;
  const top = above ? anchor.top - GAP - size.height : Math.min(anchor.bottom + GAP, view.height - size.height - EDGE);
  const left = Math.min(
    Math.max(anchor.left + anchor.width / 2 - size.width / 2, EDGE),
    view.width - size.width - EDGE,
  );
  return { top: Math.max(top, EDGE), left: Math.max(left, EDGE) };
}

/**
 * The long-press / right-click menu of a message. Keyboard: focus starts on the first item,
 * arrows move, Enter picks, Escape closes and focus returns to the bubble (the caller's job).
 */
export function MessageMenu({ items, anchor, onPick, onClose }: MessageMenuProps) {
  const { t } = useTranslation();
  const desktop = window.innerWidth >= DESKTOP_MIN_WIDTH;
  const listRef = useRef<HTMLDivElement>(null);
  const [pos, setPos] = useState<{ top: number; left: number } | null>(null);

  useLayoutEffect(() => {
    const el = listRef.current;
    if (!desktop || !el) return;
    setPos(
      popoverPosition(
        anchor,
        { width: el.offsetWidth, height: el.offsetHeight },
        { width: window.innerWidth, height: window.innerHeight },
      ),
    );
  }, [anchor, desktop]);

  useEffect(() => {
    const first = listRef.current?.querySelector<HTMLButtonElement>('button');
    requestAnimationFrame(() => first?.focus());
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const buttons = Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = (at + (e.key === 'ArrowDown' ? 1 : -1) + buttons.length) % buttons.length;
      buttons[next]?.focus();
    } else if (e.key === 'Tab') {
      // Keep focus inside the open menu.
      e.preventDefault();
      buttons[(at + (e.shiftKey ? -1 : 1) + buttons.length) % buttons.length]?.focus();
    }
  };

  const list = (
    <div
      ref={listRef}
      role="menu"
      aria-label={t('messageActions.menu.label')}
      className={desktop ? styles.popover : styles.sheet}
      style={desktop ? { top: pos?.top ?? -9999, left: pos?.left ?? -9999 } : undefined}
      onKeyDown={onKeyDown}
      data-testid="message-menu"
    >
      {items.map((item) => (
        <button
          key={item.key}
          type="button"
          role="menuitem"
          className={`${styles.item} ${item.danger ? styles.danger : ''}`}
          onClick={() => onPick(item.key)}
          data-testid={`menu-${item.key}`}
        >
          {item.text}
        </button>
      ))}
      {desktop ? null : (
        <button
          type="button"
          role="menuitem"
          className={`${styles.item} ${styles.cancel}`}
          onClick={onClose}
          data-testid="menu-cancel"
        >
          {t('common.cancel')}
        </button>
      )}
    </div>
  );

  if (!desktop) {
    return (
      <Popup visible onMaskClick={onClose} onClose={onClose} bodyClassName={styles.sheetBody}>
        {list}
      </Popup>
    );
  }
  return createPortal(
    <>
      <div
        className={styles.backdrop}
        onClick={onClose}
        onContextMenu={(e) => (e.preventDefault(), onClose())}
        aria-hidden="true"
      />
      {list}
    </>,
    document.body,
  );
}
