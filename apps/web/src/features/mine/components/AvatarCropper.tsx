import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FullScreenSheet } from '../../../ui/FullScreenSheet';
import { clampCrop, coverScale, MAX_ZOOM, MIN_ZOOM, sourceRect, type CropState } from '../crop';
import styles from './AvatarCropper.module.css';

const VIEW = 260;
const OUT = 320;

/**
 * Square crop with zoom (slider, wheel) and move (drag, arrow keys); "use" draws the square at
 * 320 px and hands back a JPEG. Works with touch, mouse and keyboard.
 */
export function AvatarCropper({
  file,
  onCancel,
  onDone,
}: {
  file: File | null;
  onCancel(): void;
  onDone(blob: Blob): void;
}) {
  const { t } = useTranslation();
  const [img, setImg] = useState<HTMLImageElement | null>(null);
  const [crop, setCrop] = useState<CropState>({ zoom: 1, x: 0, y: 0 });
  const drag = useRef<{ id: number; x: number; y: number } | null>(null);

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      setImg(image);
      setCrop({ zoom: 1, x: 0, y: 0 });
    };
    image.src = url;
    return () => {
      URL.revokeObjectURL(url);
      setImg(null);
    };
  }, [file]);

  const w = img?.naturalWidth ?? 1;
  const h = img?.naturalHeight ?? 1;
  const set = (next: CropState) => setCrop(clampCrop(next, w, h, VIEW));
  const scale = coverScale(w, h, VIEW) * crop.zoom;

  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY };
  };
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    set({ ...crop, x: crop.x + e.clientX - d.x, y: crop.y + e.clientY - d.y });
    drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY };
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = 10;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const m = moves[e.key];
    if (m) {
      e.preventDefault();
      set({ ...crop, x: crop.x + m[0], y: crop.y + m[1] });
    } else if (e.key === '+' || e.key === '=') set({ ...crop, zoom: crop.zoom + 0.1 });
    else if (e.key === '-') set({ ...crop, zoom: crop.zoom - 0.1 });
  };

  const confirm = () => {
    if (!img) return;
    const canvas = document.createElement('canvas');
    canvas.width = OUT;
    canvas.height = OUT;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    const r = sourceRect(crop, w, h, VIEW);
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, OUT, OUT);
    ctx.drawImage(img, r.sx, r.sy, r.size, r.size, 0, 0, OUT, OUT);
    canvas.toBlob((blob) => blob && onDone(blob), 'image/jpeg', 0.9);
  };

  return (
    <FullScreenSheet
      visible={file !== null}
      title={t('me.crop.title')}
      closeText={t('me.crop.cancel')}
      onClose={onCancel}
      testId="avatar-cropper"
      action={
        <button type="button" className={styles.use} onClick={confirm} disabled={!img} data-testid="crop-confirm">
          {t('me.crop.confirm')}
        </button>
      }
    >
      <div className={styles.stage}>
        <div
          className={styles.view}
          style={{ width: VIEW, height: VIEW }}
          tabIndex={0}
          role="img"
          aria-label={t('me.crop.hint')}
          onPointerDown={onDown}
          onPointerMove={onMove}
          onPointerUp={() => (drag.current = null)}
          onPointerCancel={() => (drag.current = null)}
          onWheel={(e) => set({ ...crop, zoom: crop.zoom - e.deltaY / 500 })}
          onKeyDown={onKey}
          data-testid="crop-view"
        >
          {img ? (
            <img
              src={img.src}
              alt=""
              draggable={false}
              className={styles.img}
              style={{
                width: w * scale,
                height: h * scale,
                transform: `translate(calc(-50% + ${crop.x}px), calc(-50% + ${crop.y}px))`,
              }}
            />
          ) : null}
          <div className={styles.mask} aria-hidden="true" />
        </div>
        <p className={styles.hint}>{t('me.crop.hint')}</p>
        <label className={styles.zoom}>
          <span>{t('me.crop.zoom')}</span>
          <input
            type="range"
            min={MIN_ZOOM}
            max={MAX_ZOOM}
            step={0.01}
            value={crop.zoom}
            onChange={(e) => set({ ...crop, zoom: Number(e.target.value) })}
            data-testid="crop-zoom"
          />
        </label>
      </div>
    </FullScreenSheet>
  );
}
