import { describe, expect, it } from 'vitest';
import { clampCrop, sourceRect } from './crop';

describe('avatar crop geometry', () => {
  it('shows the centre square of a landscape picture at zoom 1', () => {
    const s = clampCrop({ zoom: 1, x: 0, y: 0 }, 400, 200, 200);
    expect(sourceRect(s, 400, 200, 200)).toEqual({ sx: 100, sy: 0, size: 200 });
  });

  it('never lets an empty corner show, however far the picture is dragged', () => {
    const s = clampCrop({ zoom: 1, x: 999, y: 999 }, 400, 200, 200);
    expect(s).toEqual({ zoom: 1, x: 100, y: 0 });
    expect(sourceRect(s, 400, 200, 200)).toEqual({ sx: 0, sy: 0, size: 200 });
  });

  it('zooming in shows a smaller part, and zoom stays within 1–4', () => {
    const s = clampCrop({ zoom: 2, x: 0, y: 0 }, 200, 200, 200);
    expect(sourceRect(s, 200, 200, 200)).toEqual({ sx: 50, sy: 50, size: 100 });
    expect(clampCrop({ zoom: 9, x: 0, y: 0 }, 200, 200, 200).zoom).toBe(4);
    expect(clampCrop({ zoom: 0.2, x: 0, y: 0 }, 200, 200, 200).zoom).toBe(1);
  });
});
