/**
 * Member mute durations of spec §9 and PROTOCOL §6 `setNoSpeak`: timers 1–4 are 10 minutes,
 * 1 hour, 3 hours and 1 day; a custom end date becomes whole days (1–365, rounded up).
 */

export const muteTimers = [
  { value: 1, key: 'min10' },
  { value: 2, key: 'hour1' },
  { value: 3, key: 'hour3' },
  { value: 4, key: 'day1' },
] as const;

const DAY_MS = 86_400_000;

/** `noSpeakDay` for a custom end date: whole days from now, at least 1, at most 365. */
export function daysUntil(end: Date, nowMs: number): number {
  const days = Math.ceil((end.getTime() - nowMs) / DAY_MS);
  return Math.min(365, Math.max(1, days));
}

/** Still muted at `nowMs`? `noSpeakTime` is unix seconds, 0 = never muted. */
export const isMuted = (noSpeakTime: number | undefined, nowMs: number) => (noSpeakTime ?? 0) * 1000 > nowMs;

/** Bounds of the custom date picker: tomorrow to a year ahead (the server's 1–365 days). */
export function customBounds(nowMs: number): { min: Date; max: Date } {
  return { min: new Date(nowMs + DAY_MS), max: new Date(nowMs + 365 * DAY_MS) };
}
