import { limits, type Sticker } from '@parley/protocol';

/**
 * My stickers as pure list operations, applied to the cache at once and confirmed by the server
 * (PROTOCOL §8: `move` puts the given ids in front, the first named first; `del` drops them).
 */

export function moveToFront(list: readonly Sticker[], ids: readonly number[]): Sticker[] {
  const wanted = [...new Set(ids)];
  const front = wanted.map((id) => list.find((s) => s.id === id)).filter((s): s is Sticker => s !== undefined);
  return [...front, ...list.filter((s) => !wanted.includes(s.id))];
}

export function removeMany(list: readonly Sticker[], ids: readonly number[]): Sticker[] {
  const gone = new Set(ids);
  return list.filter((s) => !gone.has(s.id));
}

/** Selection in the manage page: ids in the order they were tapped (move keeps that order). */
export function toggleSelected(selected: readonly number[], id: number): number[] {
  return selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id];
}

/** Selection after the list changed: only ids still present, in the tapped order. */
export const keepPresent = (selected: readonly number[], list: readonly Sticker[]): number[] =>
  selected.filter((id) => list.some((s) => s.id === id));

export const stickerExtensions = ['jpg', 'jpeg', 'gif', 'png'] as const;

/** Why a picked file cannot become a sticker (PROTOCOL §5 `uploadEmoji`), or null. */
export function stickerFileProblem(file: Pick<File, 'name' | 'size' | 'type'>): 'badType' | 'tooLarge' | null {
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  const byName = (stickerExtensions as readonly string[]).includes(ext);
  const byType = /^image\/(jpeg|png|gif)$/.test(file.type);
  if (!byName && !byType) return 'badType';
  if (file.size > limits.stickerBytes) return 'tooLarge';
  return null;
}

export const isFull = (count: number): boolean => count >= limits.stickersPerUser;

/** Display size inside a `max` square keeping the aspect; undefined when the size is unknown. */
export function fitSize(width: unknown, height: unknown, max: number): { width: number; height: number } | undefined {
  const w = Number(width);
  const h = Number(height);
  if (!(w > 0) || !(h > 0)) return undefined;
  const scale = Math.min(1, max / Math.max(w, h));
  return { width: Math.round(w * scale), height: Math.round(h * scale) };
}
