import { useCallback, useEffect, useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { CloseIcon, DownloadIcon } from './icons';
import { clampPan, identity, swipeTarget, toggleZoom, zoomAt, type View } from './zoom';
import styles from './ImageViewer.module.css';

export interface ViewerImage {
  id: string;
  /** The original picture. */
  src: string;
  /** Shown while the original loads. */
  thumb?: string;
  /** Save link (`download`, /filedown); the original's URL when missing. */
  download?: string;
  alt: string;
}

export interface ImageViewerProps {
  images: ViewerImage[];
  start: number;
  onClose(): void;
}

/** Time within which a second tap makes a double tap (and a single tap waits to close). */
const DOUBLE_TAP_MS = 280;
/** Movement below this is still a tap. */
const TAP_SLOP_PX = 8;

interface Gesture {
  view: View;
  x: number;
  y: number;
  moved: boolean;
  /** Two fingers: their distance and midpoint at the start. */
  dist?: number;
}

/**
 * Full-screen pictures: pinch, wheel or double tap to zoom, drag to pan, swipe or arrow keys
 * between the chat's loaded pictures, Esc or a tap to close; save and open the original.
 */
export function ImageViewer({ images, start, onClose }: ImageViewerProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(start);
  const [view, setView] = useState<View>(identity);
  const [dragX, setDragX] = useState(0);
  const [loaded, setLoaded] = useState(false);
  const stage = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<Gesture | null>(null);
  const lastTap = useRef<{ time: number; x: number; y: number } | null>(null);
  const tapTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const image = images[index];

  const size = () => {
    const r = stage.current?.getBoundingClientRect();
    return {
      width: r?.width ?? window.innerWidth,
      height: r?.height ?? window.innerHeight,
      left: r?.left ?? 0,
      top: r?.top ?? 0,
    };
  };
  /** A client point relative to the stage centre. */
  const local = (x: number, y: number) => {
    const s = size();
    return { x: x - s.left - s.width / 2, y: y - s.top - s.height / 2 };
  };

  const go = useCallback(
    (next: number) => {
      if (next < 0 || next >= images.length || next === index) return;
      setIndex(next);
      setView(identity);
      setLoaded(false);
    },
    [images.length, index],
  );

  // Keyboard: Esc closes, arrows move between pictures, + and − zoom.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      else if (e.key === 'ArrowLeft') go(index - 1);
      else if (e.key === 'ArrowRight') go(index + 1);
      else if (e.key === '+' || e.key === '=') setView((v) => zoomAt(v, v.scale * 1.5, 0, 0, size()));
      else if (e.key === '-') setView((v) => zoomAt(v, v.scale / 1.5, 0, 0, size()));
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, index, onClose]);

  // The wheel zooms at the cursor; it must be a non-passive listener to keep the page still.
  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const p = local(e.clientX, e.clientY);
      setView((v) => zoomAt(v, v.scale * Math.exp(-e.deltaY / 300), p.x, p.y, size()));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  });

  // Focus moves into the viewer and back to the tapped picture afterwards.
  useLayoutEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    dialog.current?.focus();
    return () => {
      clearTimeout(tapTimer.current);
      before?.focus?.();
    };
  }, []);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const pts = [...pointers.current.values()];
    if (pts.length === 2 && pts[0] && pts[1]) {
      gesture.current = {
        view,
        x: (pts[0].x + pts[1].x) / 2,
        y: (pts[0].y + pts[1].y) / 2,
        moved: true,
        dist: Math.hypot(pts[0].x - pts[1].x, pts[0].y - pts[1].y),
      };
    } else if (pts.length === 1) {
      gesture.current = { view, x: e.clientX, y: e.clientY, moved: false };
    }
  };

  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(e.pointerId)) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const g = gesture.current;
    if (!g) return;
    const pts = [...pointers.current.values()];
    if (g.dist && pts.length >= 2 && pts[0] && pts[1]) {
      const dist = Math.hypot(pts[0].x - pts[1].x, pts[0].y - pts[1].y);
      const mid = local(g.x, g.y);
      setView(zoomAt(g.view, (g.view.scale * dist) / g.dist, mid.x, mid.y, size()));
      return;
    }
    const dx = e.clientX - g.x;
    const dy = e.clientY - g.y;
    if (Math.hypot(dx, dy) > TAP_SLOP_PX) g.moved = true;
    if (!g.moved) return;
    if (g.view.scale > 1) setView(clampPan({ scale: g.view.scale, x: g.view.x + dx, y: g.view.y + dy }, size()));
    else setDragX(dx);
  };

  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(e.pointerId);
    const g = gesture.current;
    if (pointers.current.size > 0) {
      // One finger of a pinch lifted: the other goes on panning from here.
      const rest = [...pointers.current.values()][0];
      if (rest) gesture.current = { view, x: rest.x, y: rest.y, moved: true };
      return;
    }
    gesture.current = null;
    if (!g) return;
    if (g.moved) {
      if (g.view.scale <= 1 && !g.dist) go(swipeTarget(dragX, index, images.length));
      setDragX(0);
      return;
    }
    const now = Date.now();
    const prev = lastTap.current;
    if (prev && now - prev.time < DOUBLE_TAP_MS && Math.hypot(e.clientX - prev.x, e.clientY - prev.y) < 30) {
      clearTimeout(tapTimer.current);
      lastTap.current = null;
      const p = local(e.clientX, e.clientY);
      setView((v) => toggleZoom(v, p.x, p.y, size()));
      return;
    }
    lastTap.current = { time: now, x: e.clientX, y: e.clientY };
    tapTimer.current = setTimeout(onClose, DOUBLE_TAP_MS);
  };

  if (!image) return null;
  const transform = `translate(${view.x + dragX}px, ${view.y}px) scale(${view.scale})`;
  return createPortal(
    <div
      ref={dialog}
      className={styles.viewer}
      role="dialog"
      aria-modal="true"
      aria-label={t('media.viewer.label')}
      tabIndex={-1}
      data-testid="image-viewer"
    >
      <div
        ref={stage}
        className={styles.stage}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        {!loaded && image.thumb ? (
          <img className={styles.picture} src={image.thumb} alt="" style={{ transform }} draggable={false} />
        ) : null}
        <img
          key={image.id}
          className={`${styles.picture} ${loaded ? '' : styles.loading}`}
          src={image.src}
          alt={image.alt}
          style={{ transform, transition: gesture.current ? 'none' : undefined }}
          draggable={false}
          onLoad={() => setLoaded(true)}
          data-testid="image-viewer-picture"
          data-scale={view.scale.toFixed(2)}
        />
      </div>
      <div className={styles.top}>
        {images.length > 1 ? (
          <span className={styles.position} aria-live="polite" data-testid="image-viewer-position">
            {t('media.viewer.position', { index: index + 1, count: images.length })}
          </span>
        ) : (
          <span />
        )}
        <button
          type="button"
          className={styles.round}
          onClick={onClose}
          aria-label={t('media.viewer.close')}
          data-testid="image-viewer-close"
        >
          <CloseIcon size={22} />
        </button>
      </div>
      <div className={styles.bottom}>
        <button
          type="button"
          className={styles.round}
          onClick={() => go(index - 1)}
          disabled={index === 0}
          aria-label={t('media.viewer.prev')}
        >
          ‹
        </button>
        <a
          className={styles.pill}
          href={image.src}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="image-viewer-original"
        >
          {t('media.viewer.original')}
        </a>
        <a
          className={styles.round}
          href={image.download || image.src}
          download
          aria-label={t('media.viewer.save')}
          data-testid="image-viewer-save"
        >
          <DownloadIcon size={22} />
        </a>
        <button
          type="button"
          className={styles.round}
          onClick={() => go(index + 1)}
          disabled={index === images.length - 1}
          aria-label={t('media.viewer.next')}
        >
          ›
        </button>
      </div>
    </div>,
    document.body,
  );
}
