import { describe, expect, it } from 'vitest';
import { expiryFrom } from './cache-expiry';

describe('cache expiry', () => {
  it('keeps a row at most the lifetime and at least three quarters of it', () => {
    expect(expiryFrom(1000, 4000, () => 0)).toBe(5000);
    expect(expiryFrom(1000, 4000, () => 0.999)).toBe(4001);
  });

  it('spreads rows cached in the same millisecond over the last quarter', () => {
    const ends = new Set(Array.from({ length: 50 }, () => expiryFrom(0, 5000)));
    expect(ends.size).toBeGreaterThan(10);
    for (const end of ends) expect(end).toBeGreaterThan(3750);
  });
});
