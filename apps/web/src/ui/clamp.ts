import { limits } from '@parley/protocol';

/**
 * Picker bounds (spec §4, §5): dates clamp to [min, max], by default the current year ±150;
 * times clamp to 00:00–23:59. Pure so the rules are tested without a picker on screen.
 */

export interface DateBounds {
  min: Date;
  max: Date;
}

export function defaultDateBounds(now: Date = new Date(), span: number = limits.pickerYearSpan): DateBounds {
  const year = now.getFullYear();
  return { min: new Date(year - span, 0, 1, 0, 0, 0, 0), max: new Date(year + span, 11, 31, 23, 59, 59, 999) };
}

/** The value inside [min, max]; an invalid date becomes `fallback` (itself clamped). */
export function clampDate(value: Date, min: Date, max: Date, fallback: Date = new Date()): Date {
  const v = Number.isNaN(value.getTime()) ? fallback : value;
  const lo = Math.min(min.getTime(), max.getTime());
  const hi = Math.max(min.getTime(), max.getTime());
  return new Date(Math.min(Math.max(v.getTime(), lo), hi));
}

const DAY_START = '00:00';
const DAY_END = '23:59';

/** Minutes since midnight of "H:mm"/"HH:mm", or null when it is not a time of day. */
export function parseTime(value: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 23 || min > 59) return null;
  return h * 60 + min;
}

export function formatTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** "HH:mm" inside [start, end]; an unreadable value becomes start. */
export function clampTime(value: string, start: string = DAY_START, end: string = DAY_END): string {
  const lo = parseTime(start) ?? 0;
  const hi = parseTime(end) ?? 23 * 60 + 59;
  const v = parseTime(value);
  if (v === null) return formatTime(lo);
  return formatTime(Math.min(Math.max(v, Math.min(lo, hi)), Math.max(lo, hi)));
}
