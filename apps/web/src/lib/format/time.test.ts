import { describe, expect, it } from 'vitest';
import { zhHans } from '../../i18n/zh-Hans';
import { en } from '../../i18n/en';
import { needsSeparator, relativeTime, separatorLabel, toMillis } from './time';

// Local times, so the calendar rules are tested in whatever zone the machine runs.
const now = new Date(2026, 5, 15, 14, 30, 0).getTime();
const at = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => new Date(y, mo, d, h, mi, s).getTime();

describe('relativeTime (spec §9)', () => {
  const cases: [string, number, string, string][] = [
    ['under 60 s', now - 59_000, '刚刚', 'just now'],
    ['a future time (clock skew)', now + 5000, '刚刚', 'just now'],
    ['minutes', now - 5 * 60_000, '5分钟前', '5 min ago'],
    ['59 minutes', now - 59 * 60_000 - 59_000, '59分钟前', '59 min ago'],
    ['hours today', now - 3 * 3_600_000 - 10, '3小时前', '3 h ago'],
    ['early this morning', at(2026, 5, 15, 0, 1), '14小时前', '14 h ago'],
    ['yesterday late', at(2026, 5, 14, 23, 59), '昨天', 'yesterday'],
    ['yesterday early', at(2026, 5, 14, 0, 0), '昨天', 'yesterday'],
    ['two days', at(2026, 5, 13, 12), '2天前', '2 d ago'],
    ['thirty days', at(2026, 4, 16, 9), '30天前', '30 d ago'],
    ['older than 30 days', at(2026, 4, 15, 9), '2026/05/15', '2026/05/15'],
    ['last year', at(2025, 0, 5, 9), '2025/01/05', '2025/01/05'],
  ];
  for (const [name, ts, zh, english] of cases) {
    it(`${name}: zh "${zh}", en "${english}"`, () => {
      expect(relativeTime(ts, now, zhHans.time)).toBe(zh);
      expect(relativeTime(ts, now, en.time)).toBe(english);
    });
  }

  it('reads times below 9e10 as seconds', () => {
    expect(toMillis(1_700_000_000)).toBe(1_700_000_000_000);
    expect(toMillis(1_700_000_000_000)).toBe(1_700_000_000_000);
    expect(relativeTime(Math.floor((now - 10 * 60_000) / 1000), now, en.time)).toBe('10 min ago');
  });

  it('crossing midnight within the hour is yesterday, not minutes', () => {
    const justAfterMidnight = at(2026, 5, 15, 0, 10);
    expect(relativeTime(at(2026, 5, 14, 23, 50), justAfterMidnight, en.time)).toBe('yesterday');
  });
});

describe('chat separators', () => {
  it('labels today, yesterday, this year and older', () => {
    expect(separatorLabel(at(2026, 5, 15, 9, 5), now, en.time)).toBe('09:05');
    expect(separatorLabel(at(2026, 5, 14, 21, 0), now, en.time)).toBe('Yesterday 21:00');
    expect(separatorLabel(at(2026, 5, 14, 21, 0), now, zhHans.time)).toBe('昨天 21:00');
    expect(separatorLabel(at(2026, 1, 3, 8, 0), now, en.time)).toBe('02/03 08:00');
    expect(separatorLabel(at(2024, 1, 3, 8, 0), now, en.time)).toBe('2024/02/03 08:00');
  });

  it('appear first, after 5 minutes, and on a new day', () => {
    expect(needsSeparator(undefined, now)).toBe(true);
    expect(needsSeparator(now, now + 4 * 60_000)).toBe(false);
    expect(needsSeparator(now, now + 5 * 60_000)).toBe(true);
    expect(needsSeparator(at(2026, 5, 14, 23, 59), at(2026, 5, 15, 0, 1))).toBe(true);
  });
});
