/**
 * Square crop geometry for the avatar cropper: the picture covers the square at zoom 1, and its
 * offset is kept so no empty corner shows. Pure functions, tested without a browser.
 */
export interface CropState {
  zoom: number;
  /** Offset of the picture's centre from the square's centre, in screen pixels. */
  x: number;
  y: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;

/** Scale at zoom 1: the shorter side fills the square. */
export const coverScale = (w: number, h: number, view: number) => view / Math.min(w, h);

export function clampCrop(s: CropState, w: number, h: number, view: number): CropState {
  const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, s.zoom));
  const scale = coverScale(w, h, view) * zoom;
  const maxX = Math.max(0, (w * scale - view) / 2);
  const maxY = Math.max(0, (h * scale - view) / 2);
  return { zoom, x: Math.min(maxX, Math.max(-maxX, s.x)), y: Math.min(maxY, Math.max(-maxY, s.y)) };
}

/** The source rectangle (in picture pixels) that the square shows. */
export function sourceRect(s: CropState, w: number, h: number, view: number): { sx: number; sy: number; size: number } {
  const scale = coverScale(w, h, view) * s.zoom;
  const size = view / scale;
  return { sx: w / 2 - s.x / scale - size / 2, sy: h / 2 - s.y / scale - size / 2, size };
}
