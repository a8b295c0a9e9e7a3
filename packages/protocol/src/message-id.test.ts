import { describe, expect, it } from 'vitest';
import { newMessageId } from './message-id';
import { t } from './coerce';

describe('newMessageId', () => {
  it('is a version 7 uuid the protocol accepts, its time in the first 48 bits', () => {
    const at = Date.UTC(2026, 11, 7, 20, 10, 0, 123);
    const id = newMessageId(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
    expect(t.uuid.req().safeParse(id).success).toBe(true);
  });

  it('sorts later ids after earlier ones, and never repeats within a millisecond', () => {
    const earlier = newMessageId(1_000_000);
    const later = newMessageId(1_000_001);
    expect(earlier < later).toBe(true);
    const same = new Set(Array.from({ length: 10_000 }, () => newMessageId(1_000_000)));
    expect(same.size).toBe(10_000);
  });
});
