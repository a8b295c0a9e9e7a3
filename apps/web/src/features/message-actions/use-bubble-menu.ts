import { useRef, type KeyboardEvent, type PointerEvent, type MouseEvent } from 'react';
import { useLongPress } from '../../lib/use-long-press';

/**
 * What a message bubble needs to open its menu: long-press (350 ms, a move over 10 px cancels),
 * right-click, and for keyboards the context-menu key or Shift+F10 on the focused bubble.
 * Without `onMenu` the bubble gets nothing (pending messages, read-only previews).
 */
export function useBubbleMenu<M>(msg: M, onMenu: ((msg: M, anchor: HTMLElement) => void) | undefined) {
  const el = useRef<HTMLElement | null>(null);
  const press = useLongPress(() => {
    if (onMenu && el.current) onMenu(msg, el.current);
  });
  if (!onMenu) return {};
  return {
    tabIndex: 0,
    'aria-haspopup': 'menu' as const,
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      el.current = e.currentTarget;
      press.onPointerDown(e);
    },
    onPointerMove: press.onPointerMove,
    onPointerUp: press.onPointerUp,
    onPointerCancel: press.onPointerCancel,
    onPointerLeave: press.onPointerLeave,
    onClickCapture: press.onClickCapture,
    onContextMenu: (e: MouseEvent<HTMLElement>) => {
      el.current = e.currentTarget;
      press.onContextMenu(e);
    },
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      if (e.target !== e.currentTarget) return;
      if (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) {
        e.preventDefault();
        onMenu(msg, e.currentTarget);
      }
    },
  };
}
