import { useCallback, useEffect, useRef } from 'react';
import { limits } from '@parley/protocol';

/**
 * Long-press of spec §9: fires after 350 ms held still; a move over 10 px (a scroll or a swipe)
 * cancels it. A click that follows a long-press is swallowed so the row does not also open.
 */
export interface LongPressOptions {
  ms?: number;
  movePx?: number;
}

export interface LongPressHandlers {
  onPointerDown(e: { clientX: number; clientY: number; button?: number }): void;
  onPointerMove(e: { clientX: number; clientY: number }): void;
  onPointerUp(): void;
  onPointerCancel(): void;
  onPointerLeave(): void;
  onContextMenu(e: { preventDefault(): void }): void;
  onClickCapture(e: { preventDefault(): void; stopPropagation(): void }): void;
}

export function useLongPress(onLongPress: () => void, options: LongPressOptions = {}): LongPressHandlers {
  const ms = options.ms ?? limits.longPressMs;
  const movePx = options.movePx ?? limits.longPressMovePx;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const fired = useRef(false);
  const callback = useRef(onLongPress);
  useEffect(() => {
    callback.current = onLongPress;
  }, [onLongPress]);

  const cancel = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    start.current = null;
  }, []);

  useEffect(() => cancel, [cancel]);

  return {
    onPointerDown: (e) => {
      if (e.button !== undefined && e.button !== 0) return;
      cancel();
      fired.current = false;
      start.current = { x: e.clientX, y: e.clientY };
      timer.current = setTimeout(() => {
        timer.current = null;
        fired.current = true;
        callback.current();
      }, ms);
    },
    onPointerMove: (e) => {
      const s = start.current;
      if (!s) return;
      if (Math.hypot(e.clientX - s.x, e.clientY - s.y) > movePx) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onPointerLeave: cancel,
    // Desktop right-click opens the same menu (and never the browser's).
    onContextMenu: (e) => {
      e.preventDefault();
      cancel();
      fired.current = true;
      callback.current();
    },
    onClickCapture: (e) => {
      if (!fired.current) return;
      fired.current = false;
      e.preventDefault();
      e.stopPropagation();
    },
  };
}
