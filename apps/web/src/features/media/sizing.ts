import { limits } from '@parley/protocol';

/** How big media bubbles are drawn, so a bubble has its final size before the bytes arrive. */

const [CAP_W, CAP_H] = limits.thumbnailCapsPx;
/** Below this a sliver of a panorama could not be tapped. */
const MIN_SIDE = 48;
/** Size of an image whose dimensions are unknown (old rows, failed reads). */
const unknownImageBox = { width: 150, height: 150 } as const;

/**
 * The box of an image bubble: the picture scaled down (never up) to fit 200 × 240 (spec §9,
 * PROTOCOL §4.2 fixMode), each side at least 48 px (the picture is then cropped to fill).
 */
export function imageBox(width: unknown, height: unknown): { width: number; height: number } {
  const w = Number(width);
  const h = Number(height);
  if (!(w > 0 && h > 0)) return { ...unknownImageBox };
  const scale = Math.min(1, CAP_W / w, CAP_H / h);
  return { width: Math.max(MIN_SIDE, Math.round(w * scale)), height: Math.max(MIN_SIDE, Math.round(h * scale)) };
}

/** A voice bubble grows with the note's length, from 96 px (1 s) to 220 px (60 s). */
export function voiceWidth(seconds: number): number {
  const s = Math.min(Math.max(seconds, 1), limits.recordedVoiceMaxS);
  return Math.round(96 + (124 * (s - 1)) / (limits.recordedVoiceMaxS - 1));
}
