import { describe, expect, it } from 'vitest';
import { limits, type Sticker } from '@parley/protocol';
import { fitSize, isFull, keepPresent, moveToFront, removeMany, stickerFileProblem, toggleSelected } from './model';

const s = (id: number): Sticker => ({
  id,
  name: `s${id}`,
  title: `s${id}`,
  src: `https://x/storage/${id}.png`,
  file_id: id * 10,
});
const ids = (l: Sticker[]) => l.map((x) => x.id);
const list = [s(1), s(2), s(3), s(4), s(5)];

describe('sticker list', () => {
  it('moves the chosen stickers to the front in the order they were chosen', () => {
    expect(ids(moveToFront(list, [4, 2]))).toEqual([4, 2, 1, 3, 5]);
    expect(ids(moveToFront(list, [1]))).toEqual([1, 2, 3, 4, 5]);
    expect(ids(moveToFront(list, [9, 3, 3]))).toEqual([3, 1, 2, 4, 5]);
  });

  it('deletes several at once and ignores unknown ids', () => {
    expect(ids(removeMany(list, [2, 5, 42]))).toEqual([1, 3, 4]);
    expect(removeMany(list, [])).toEqual(list);
  });

  it('toggles a selection keeping the tap order and forgets stickers that are gone', () => {
    let sel = toggleSelected([], 3);
    sel = toggleSelected(sel, 1);
    expect(sel).toEqual([3, 1]);
    expect(toggleSelected(sel, 3)).toEqual([1]);
    expect(keepPresent([3, 1, 9], list)).toEqual([3, 1]);
  });

  it('is full at 300 stickers', () => {
    expect(isFull(limits.stickersPerUser - 1)).toBe(false);
    expect(isFull(limits.stickersPerUser)).toBe(true);
  });
});

describe('sticker files', () => {
  it('accepts jpg, png and gif up to 2 MB', () => {
    expect(stickerFileProblem({ name: 'a.PNG', size: 1000, type: 'image/png' })).toBeNull();
    expect(stickerFileProblem({ name: 'blob', size: 1000, type: 'image/gif' })).toBeNull();
    expect(stickerFileProblem({ name: 'a.webp', size: 1000, type: 'image/webp' })).toBe('badType');
    expect(stickerFileProblem({ name: 'a.jpg', size: limits.stickerBytes + 1, type: 'image/jpeg' })).toBe('tooLarge');
  });

  it('fits a sticker into its square keeping the aspect', () => {
    expect(fitSize(240, 120, 120)).toEqual({ width: 120, height: 60 });
    expect(fitSize('60', '80', 120)).toEqual({ width: 60, height: 80 });
    expect(fitSize(undefined, 80, 120)).toBeUndefined();
  });
});
