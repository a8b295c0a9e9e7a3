import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { COLLAGE_PX, layout, renderCollage } from './collage';

describe('group avatar collage', () => {
  it('uses one tile, a 2×2 grid up to 4 members, 3×3 up to 9, and never more than 9', () => {
    expect(layout(1)).toHaveLength(1);
    expect(new Set(layout(4).map((s) => s.size)).size).toBe(1);
    expect(layout(3)[0]?.size).toBe(layout(4)[0]?.size);
    expect(layout(5)[0]?.size).toBeLessThan(layout(4)[0]?.size ?? 0);
    expect(layout(12)).toHaveLength(9);
  });

  it('centres an incomplete first row and keeps every tile inside the square', () => {
    const [first, second, third] = layout(3);
    expect(first?.top).toBeLessThan(second?.top ?? 0);
    expect(second?.top).toBe(third?.top);
    expect((first?.left ?? 0) * 2 + (first?.size ?? 0)).toBeCloseTo(COLLAGE_PX, -1);
    for (const s of layout(9)) expect(s.left + s.size).toBeLessThanOrEqual(COLLAGE_PX);
  });

  it('renders a square PNG from initials and pictures', async () => {
    const picture = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const png = await renderCollage([
      { initial: 'Alice', seed: 1 },
      { image: picture },
      { initial: '张', seed: 2 },
      { image: Buffer.from('not an image') },
    ]);
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: COLLAGE_PX, height: COLLAGE_PX });
  });
});
