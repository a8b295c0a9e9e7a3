import { describe, expect, it } from 'vitest';
import { clampDate, clampTime, defaultDateBounds, formatTime, parseTime } from './clamp';

describe('date bounds', () => {
  it('defaults to the current year ±150, whole years', () => {
    const { min, max } = defaultDateBounds(new Date(2025, 5, 15));
    expect(min).toEqual(new Date(1875, 0, 1, 0, 0, 0, 0));
    expect(max).toEqual(new Date(2175, 11, 31, 23, 59, 59, 999));
  });

  it('keeps a date inside the bounds unchanged', () => {
    const min = new Date(2000, 0, 1);
    const max = new Date(2030, 0, 1);
    const d = new Date(2020, 4, 4);
    expect(clampDate(d, min, max)).toEqual(d);
  });

  it('moves dates before or after the bounds to the nearest bound', () => {
    const min = new Date(2000, 0, 1);
    const max = new Date(2030, 0, 1);
    expect(clampDate(new Date(1900, 0, 1), min, max)).toEqual(min);
    expect(clampDate(new Date(2100, 0, 1), min, max)).toEqual(max);
  });

  it('uses the clamped fallback for an invalid date', () => {
    const min = new Date(2000, 0, 1);
    const max = new Date(2030, 0, 1);
    expect(clampDate(new Date('nope'), min, max, new Date(2010, 1, 1))).toEqual(new Date(2010, 1, 1));
    expect(clampDate(new Date('nope'), min, max, new Date(2050, 1, 1))).toEqual(max);
  });

  it('tolerates swapped bounds', () => {
    const a = new Date(2000, 0, 1);
    const b = new Date(2030, 0, 1);
    expect(clampDate(new Date(1990, 0, 1), b, a)).toEqual(a);
  });
});

describe('time bounds', () => {
  it('parses and formats times of day', () => {
    expect(parseTime('07:05')).toBe(425);
    expect(parseTime('7:05')).toBe(425);
    expect(parseTime('24:00')).toBeNull();
    expect(parseTime('12:60')).toBeNull();
    expect(parseTime('noon')).toBeNull();
    expect(formatTime(0)).toBe('00:00');
    expect(formatTime(1439)).toBe('23:59');
  });

  it('clamps to 00:00–23:59 by default and to custom bounds', () => {
    expect(clampTime('13:30')).toBe('13:30');
    expect(clampTime('99:99')).toBe('00:00');
    expect(clampTime('08:00', '09:00', '18:00')).toBe('09:00');
    expect(clampTime('19:15', '09:00', '18:00')).toBe('18:00');
    expect(clampTime('9:5')).toBe('00:00');
  });
});
