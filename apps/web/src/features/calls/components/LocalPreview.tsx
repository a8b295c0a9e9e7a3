import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaView } from './MediaView';
import styles from './LocalPreview.module.css';

const MARGIN = 12;

/**
 * My camera: the whole screen until the call connects, then a small window in the top right
 * corner that can be dragged anywhere (and stays inside the screen when it turns or resizes).
 */
export function LocalPreview({ stream, full }: { stream: MediaStream; full: boolean }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  // Offset from the top-right corner, so the default spot survives any screen size.
  const [pos, setPos] = useState({ right: MARGIN, top: MARGIN });
  const drag = useRef<{ x: number; y: number; right: number; top: number } | null>(null);

  const clamp = useCallback((p: { right: number; top: number }) => {
    const el = box.current;
    const parent = el?.parentElement;
    if (!el || !parent) return p;
    const maxRight = Math.max(MARGIN, parent.clientWidth - el.offsetWidth - MARGIN);
    const maxTop = Math.max(MARGIN, parent.clientHeight - el.offsetHeight - MARGIN);
    return { right: Math.min(Math.max(p.right, MARGIN), maxRight), top: Math.min(Math.max(p.top, MARGIN), maxTop) };
  }, []);

  useEffect(() => {
    const onResize = () => setPos((p) => clamp(p));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [clamp]);

  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    if (full) return;
    drag.current = { x: e.clientX, y: e.clientY, ...pos };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    setPos(clamp({ right: d.right - (e.clientX - d.x), top: d.top + (e.clientY - d.y) }));
  };
  const onUp = () => {
    drag.current = null;
  };

  return (
    <div
      ref={box}
      className={full ? styles.full : styles.small}
      style={full ? undefined : { right: pos.right, top: pos.top }}
      onPointerDown={onDown}
      onPointerMove={onMove}
      onPointerUp={onUp}
      onPointerCancel={onUp}
      data-testid="call-local-preview"
    >
      <MediaView
        kind="video"
        stream={stream}
        muted
        mirrored
        className={styles.video}
        label={t('calls.myVideo')}
        testId="call-local-video"
      />
    </div>
  );
}
