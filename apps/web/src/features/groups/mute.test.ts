import { describe, expect, it } from 'vitest';
import { customBounds, daysUntil, isMuted } from './mute';

const now = Date.UTC(2026, 0, 1, 12, 0, 0);
const nowS = now / 1000;

describe('mute durations', () => {
  it('turns a custom end date into whole days between 1 and 365', () => {
    expect(daysUntil(new Date(now + 3 * 86_400_000), now)).toBe(3);
    expect(daysUntil(new Date(now + 3.2 * 86_400_000), now)).toBe(4);
    expect(daysUntil(new Date(now - 86_400_000), now)).toBe(1);
    expect(daysUntil(new Date(now + 900 * 86_400_000), now)).toBe(365);
  });
  it('knows whether a member is still muted', () => {
    expect(isMuted(nowS + 1, now)).toBe(true);
    expect(isMuted(nowS, now)).toBe(false);
    expect(isMuted(0, now)).toBe(false);
  });
  it('bounds the custom picker to tomorrow … one year ahead', () => {
    const { min, max } = customBounds(now);
    expect(daysUntil(min, now)).toBe(1);
    expect(daysUntil(max, now)).toBe(365);
  });
});
