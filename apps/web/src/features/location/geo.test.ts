import { describe, expect, it } from 'vitest';
import { distanceMetres, formatDistance, tilesCovering, worldPixel } from './geo';

describe('location geometry', () => {
  it('measures distances on the sphere', () => {
    // One degree of latitude is about 111.2 km everywhere.
    expect(distanceMetres({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111_195, -2);
    expect(distanceMetres({ latitude: 31, longitude: 121 }, { latitude: 31, longitude: 121 })).toBe(0);
  });

  it('formats metres under a kilometre and kilometres beyond', () => {
    expect(formatDistance(0.2)).toEqual({ unit: 'metres', n: '1' });
    expect(formatDistance(850.4)).toEqual({ unit: 'metres', n: '850' });
    expect(formatDistance(1234)).toEqual({ unit: 'kilometres', n: '1.2' });
    expect(formatDistance(123_456)).toEqual({ unit: 'kilometres', n: '123' });
  });

  it('finds the world pixel of the origin at the centre of the world', () => {
    expect(worldPixel({ latitude: 0, longitude: 0 }, 1)).toEqual({ x: 256, y: 256 });
  });

  it('covers a box with the tiles around the point, edges included', () => {
    const tiles = tilesCovering({ latitude: 0, longitude: 0 }, 1, 200, 100);
    // The origin sits on the corner of all four tiles of zoom 1.
    expect(tiles.map((t) => `${t.x}/${t.y}@${t.left},${t.top}`).sort()).toEqual([
      '0/0@-156,-206',
      '0/1@-156,50',
      '1/0@100,-206',
      '1/1@100,50',
    ]);
    const one = tilesCovering({ latitude: 0.0001, longitude: 0.0001 }, 18, 10, 10);
    expect(one).toHaveLength(1);
  });
});
