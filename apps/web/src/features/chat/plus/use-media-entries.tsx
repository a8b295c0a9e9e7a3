import type { PlusContext, PlusEntry } from './types';

/** "+" entries for pictures, camera, video and files (built by the media work of issue 5). */
export function useMediaEntries(_ctx: PlusContext): PlusEntry[] {
  return [];
}
