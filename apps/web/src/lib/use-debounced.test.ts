import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useDebounced } from './use-debounced';

/** Place search waits this long after the last keystroke (spec §9). */
const searchDebounceMs = 1000;

afterEach(() => vi.useRealTimers());

describe('debounced value (the location search waits 1000 ms)', () => {
  it('waits 1000 ms after the last change and skips the values typed in between', () => {
    vi.useFakeTimers();
    const seen: string[] = [];
    const { result, rerender } = renderHook(
      ({ v }) => {
        const settled = useDebounced(v, searchDebounceMs);
        seen.push(settled);
        return settled;
      },
      { initialProps: { v: '' } },
    );
    rerender({ v: 'c' });
    act(() => void vi.advanceTimersByTime(600));
    rerender({ v: 'ca' });
    act(() => void vi.advanceTimersByTime(999));
    expect(result.current).toBe('');
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current).toBe('ca');
    expect(seen).not.toContain('c');
  });
});
