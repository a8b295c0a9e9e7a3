/** Display forms of media sizes and lengths. */

/** Bytes as people read them: 980 B, 12.5 KB, 3.2 MB (1 KB = 1024 B, as §1 counts MB). */
export function humanSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  const units = ['B', 'KB', 'MB', 'GB'];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i += 1;
  }
  if (i === 0) return `${v} B`;
  return `${v >= 100 ? Math.round(v) : Number(v.toFixed(1))} ${units[i]}`;
}

/** Whole seconds of a recording from extends (a string from old clients counts too). */
export function durationOf(ext: Record<string, unknown> | null | undefined): number {
  const d = Number(ext?.duration);
  return Number.isFinite(d) && d > 0 ? Math.round(d) : 0;
}

/** A voice note's length as chat apps print it: 3″, 59″, 1′00″. */
export function voiceLabel(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}″`;
  return `${Math.floor(s / 60)}′${String(s % 60).padStart(2, '0')}″`;
}

/** A clock for video lengths and timers: 0:07, 1:00, 1:02:03. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
