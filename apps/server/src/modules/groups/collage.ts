import sharp from 'sharp';

/**
 * The WeChat-style group avatar: up to 9 member tiles on a light square, 1 → one tile,
 * 2–4 → a 2×2 grid, 5–9 → 3×3; an incomplete first row is centred, rows centred vertically.
 */

export const COLLAGE_PX = 300;
const GAP = 8;
const BACKGROUND = '#dddee0';
const PALETTE = ['#5b8ff9', '#5ad8a6', '#f6bd16', '#e8684a', '#6dc8ec', '#9270ca', '#ff9d4d', '#269a99', '#ff99c3'];

/** A member's picture (PNG/JPEG/WebP bytes) or, for default and remote avatars, their initial on a colour. */
export type Tile = { image: Uint8Array } | { initial: string; seed: number };

export interface Slot {
  left: number;
  top: number;
  size: number;
}

export function layout(n: number): Slot[] {
  const count = Math.max(1, Math.min(9, n));
  const cols = count === 1 ? 1 : count <= 4 ? 2 : 3;
  const size = Math.floor((COLLAGE_PX - GAP * (cols + 1)) / cols);
  const rows = Math.ceil(count / cols);
  const firstRow = count - (rows - 1) * cols;
  const top0 = Math.round((COLLAGE_PX - rows * size - (rows - 1) * GAP) / 2);
  const slots: Slot[] = [];
  for (let r = 0; r < rows; r++) {
    const inRow = r === 0 ? firstRow : cols;
    const left0 = Math.round((COLLAGE_PX - inRow * size - (inRow - 1) * GAP) / 2);
    for (let c = 0; c < inRow; c++) slots.push({ left: left0 + c * (size + GAP), top: top0 + r * (size + GAP), size });
  }
  return slots;
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function initialSvg(initial: string, seed: number, size: number): Buffer {
  const colour = PALETTE[Math.abs(seed) % PALETTE.length] ?? PALETTE[0];
  const letter = escapeXml([...initial.trim()][0]?.toUpperCase() ?? '?');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" fill="${colour}"/>` +
      `<text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="sans-serif" font-size="${Math.round(size * 0.5)}" fill="#ffffff">${letter}</text></svg>`,
  );
}

async function tileImage(tile: Tile, size: number): Promise<Buffer> {
  if ('image' in tile) {
    try {
      return await sharp(tile.image).resize(size, size, { fit: 'cover' }).png().toBuffer();
    } catch {
      // An unreadable picture falls back to a neutral tile rather than failing the whole avatar.
      return sharp(initialSvg('?', 0, size))
        .png()
        .toBuffer();
    }
  }
  return sharp(initialSvg(tile.initial, tile.seed, size))
    .png()
    .toBuffer();
}

export async function renderCollage(tiles: Tile[]): Promise<Buffer> {
  const slots = layout(tiles.length);
  const parts = await Promise.all(
    slots.map(async (slot, i) => ({
      input: await tileImage(tiles[i] as Tile, slot.size),
      left: slot.left,
      top: slot.top,
    })),
  );
  return sharp({ create: { width: COLLAGE_PX, height: COLLAGE_PX, channels: 3, background: BACKGROUND } })
    .composite(parts)
    .png()
    .toBuffer();
}
