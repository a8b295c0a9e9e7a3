import { useEffect, useState } from 'react';

/** Place search waits this long after the last keystroke (spec §9). */
export const searchDebounceMs = 1000;

/** `value` once it has stayed unchanged for `ms` (the first value at once). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
