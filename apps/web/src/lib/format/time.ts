import { limits } from '@parley/protocol';
import type { Resources } from '../../i18n/types';

/** The texts these formatters need: the `time` section of a language's resources. */
export type TimeTexts = Resources['time'];

/** Spec §9 / PROTOCOL §1.4: any timestamp below 9e10 is in seconds. */
export function toMillis(ts: number): number {
  return ts < limits.secondsThreshold ? ts * 1000 : ts;
}

const fill = (text: string, vars: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));

const pad = (n: number) => String(n).padStart(2, '0');

function startOfDay(d: Date): number {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/** Whole calendar days between two instants, in local time (DST-safe by rounding). */
function calendarDaysBetween(earlier: Date, later: Date): number {
  return Math.round((startOfDay(later) - startOfDay(earlier)) / 86_400_000);
}

export function formatYmd(d: Date): string {
  return `${d.getFullYear()}/${pad(d.getMonth() + 1)}/${pad(d.getDate())}`;
}

function formatHm(d: Date): string {
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * Relative time of spec §9 for conversation rows: under 60 s 'just now'; minutes; hours while
 * still today; 'yesterday'; days up to 30; then Y/m/d. Future times (clock skew) read 'just now'.
 */
export function relativeTime(ts: number, now: number, texts: TimeTexts): string {
  const ms = toMillis(ts);
  const diff = now - ms;
  if (diff < 60_000) return texts.justNow;
  const then = new Date(ms);
  const today = new Date(now);
  const days = calendarDaysBetween(then, today);
  if (diff < 3_600_000 && days === 0) return fill(texts.minutesAgo, { count: Math.floor(diff / 60_000) });
  if (days === 0) return fill(texts.hoursAgo, { count: Math.floor(diff / 3_600_000) });
  if (days === 1) return texts.yesterday;
  if (days <= 30) return fill(texts.daysAgo, { count: days });
  return formatYmd(then);
}

/**
 * The label of a time separator in a chat: today 'HH:mm', yesterday 'yesterday HH:mm', this
 * year 'MM/DD HH:mm', else 'YYYY/MM/DD HH:mm'. A new calendar day always gets one.
 */
export function separatorLabel(ts: number, now: number, texts: TimeTexts): string {
  const then = new Date(toMillis(ts));
  const today = new Date(now);
  const days = calendarDaysBetween(then, today);
  const hm = formatHm(then);
  if (days <= 0) return hm;
  if (days === 1) return fill(texts.yesterdayAt, { time: hm });
  if (then.getFullYear() === today.getFullYear()) return `${pad(then.getMonth() + 1)}/${pad(then.getDate())} ${hm}`;
  return `${formatYmd(then)} ${hm}`;
}

/** DESIGN.md: a separator before a message when 5 minutes passed or the day changed. */
const separatorGapMs = 5 * 60_000;

export function needsSeparator(prevTs: number | undefined, ts: number): boolean {
  if (prevTs === undefined) return true;
  const a = toMillis(prevTs);
  const b = toMillis(ts);
  if (b - a >= separatorGapMs) return true;
  return startOfDay(new Date(a)) !== startOfDay(new Date(b));
}
