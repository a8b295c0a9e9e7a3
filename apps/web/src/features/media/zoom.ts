/**
 * The image viewer's zoom and pan as pure functions. Coordinates are CSS pixels relative to
 * the centre of the stage; the picture is drawn fitted (scale 1) and then transformed by
 * `translate(x, y) scale(scale)`.
 */

export interface View {
  scale: number;
  x: number;
  y: number;
}

export const identity: View = { scale: 1, x: 0, y: 0 };
const zoomLimits = { min: 1, max: 5, double: 2.5 } as const;
/** A horizontal drag this long (px) on an unzoomed picture goes to the next or previous one. */
const swipeThreshold = 60;

const clampScale = (s: number) => Math.min(zoomLimits.max, Math.max(zoomLimits.min, s));

/** Keeps the picture covering the stage: it can be moved only as far as it overflows. */
export function clampPan(v: View, stage: { width: number; height: number }): View {
  if (v.scale <= 1) return identity;
  const maxX = ((v.scale - 1) * stage.width) / 2;
  const maxY = ((v.scale - 1) * stage.height) / 2;
  return { scale: v.scale, x: Math.min(maxX, Math.max(-maxX, v.x)), y: Math.min(maxY, Math.max(-maxY, v.y)) };
}

/** Zooms to `scale` keeping the point (px, py) under the finger or cursor where it is. */
export function zoomAt(v: View, scale: number, px: number, py: number, stage: { width: number; height: number }): View {
  const s = clampScale(scale);
  if (s === 1) return identity;
  const ratio = s / v.scale;
  return clampPan({ scale: s, x: px - (px - v.x) * ratio, y: py - (py - v.y) * ratio }, stage);
}

/** Double tap: zoom in on the tapped point, or back to fitted. */
export function toggleZoom(v: View, px: number, py: number, stage: { width: number; height: number }): View {
  return v.scale > 1 ? identity : zoomAt(v, zoomLimits.double, px, py, stage);
}

/** The picture a finished horizontal drag lands on (unchanged when short or at an end). */
export function swipeTarget(dx: number, index: number, count: number): number {
  if (dx <= -swipeThreshold && index < count - 1) return index + 1;
  if (dx >= swipeThreshold && index > 0) return index - 1;
  return index;
}
