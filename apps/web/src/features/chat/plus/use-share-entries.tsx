import type { PlusContext, PlusEntry } from './types';

/** "+" entries for location and contact cards (built by the sharing work of issue 5). */
export function useShareEntries(_ctx: PlusContext): PlusEntry[] {
  return [];
}
