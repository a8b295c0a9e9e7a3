import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { thumbnailMaxPx } from '@parley/protocol';
import sharp from 'sharp';

/**
 * What the server learns from an image's bytes (never from its name or the client's MIME type):
 * whether it really is a raster image we may show inline, its displayed size (EXIF rotation
 * applied) and, when it is larger than the chat thumbnail, a thumbnail.
 */

export interface ImageFacts {
  mime: string;
  width: number;
  height: number;
  /** Animated GIF/WebP: shown as is, never re-encoded. */
  animated: boolean;
  /** sharp can re-encode it (BMP and ICO are only recognised by their headers). */
  decodable: boolean;
}

const DECODED: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };

/** BMP and ICO headers (libvips reads neither without ImageMagick). */
function headerImage(b: Buffer): ImageFacts | undefined {
  if (b.length >= 26 && b[0] === 0x42 && b[1] === 0x4d) {
    return {
      mime: 'image/bmp',
      width: Math.abs(b.readInt32LE(18)),
      height: Math.abs(b.readInt32LE(22)),
      animated: false,
      decodable: false,
    };
  }
  if (b.length >= 8 && b.readUInt32BE(0) === 0x00000100 && b.readUInt16LE(4) > 0) {
    return { mime: 'image/x-icon', width: b[6] || 256, height: b[7] || 256, animated: false, decodable: false };
  }
  return undefined;
}

export async function probeImage(file: string): Promise<ImageFacts | undefined> {
  try {
    const m = await sharp(file).metadata();
    const mime = DECODED[m.format];
    // SVG and other vector or document formats are not images we serve inline.
    if (!mime || !m.width || !m.height) return undefined;
    const { width, height } = m.autoOrient;
    return { mime, width, height, animated: (m.pages ?? 1) > 1, decodable: true };
  } catch {
    const fh = await fs.open(file, 'r');
    try {
      const head = Buffer.alloc(32);
      const { bytesRead } = await fh.read(head, 0, 32, 0);
      return headerImage(head.subarray(0, bytesRead));
    } finally {
      await fh.close();
    }
  }
}

/** A thumbnail (longest side ≤ thumbnailMaxPx) when one is worth making; else undefined. */
export async function makeThumbnail(
  file: string,
  facts: ImageFacts,
): Promise<{ bytes: Buffer; ext: 'jpg' | 'png' } | undefined> {
  if (!facts.decodable || facts.animated || Math.max(facts.width, facts.height) <= thumbnailMaxPx) return undefined;
  const img = sharp(file).rotate().resize(thumbnailMaxPx, thumbnailMaxPx, { fit: 'inside', withoutEnlargement: true });
  const { hasAlpha } = await sharp(file).metadata();
  return hasAlpha
    ? { bytes: await img.png().toBuffer(), ext: 'png' }
    : { bytes: await img.jpeg({ quality: 80 }).toBuffer(), ext: 'jpg' };
}

/**
 * Rewrites a decodable image in place without its metadata (EXIF with its GPS position, XMP,
 * IPTC, comments; issue 36 #5), with the EXIF orientation applied to the pixels so it still
 * shows upright. Only the colour profile stays (it is no personal data, and dropping it would
 * shift wide-gamut photos' colours). Animated images keep every frame. Answers the new size
 * and MD5 of the file. Files that are not images never come here: they stay byte-identical.
 */
export async function stripImageMetadata(file: string, facts: ImageFacts): Promise<{ size: number; md5: string }> {
  const cleaned = `${file}.clean`;
  try {
    let img = sharp(file, { animated: facts.animated });
    if (!facts.animated) img = img.rotate();
    img = img.keepIccProfile();
    const out =
      facts.mime === 'image/jpeg'
        ? img.jpeg({ quality: 90 })
        : facts.mime === 'image/png'
          ? img.png()
          : facts.mime === 'image/webp'
            ? img.webp({ quality: 90 })
            : img.gif();
    const info = await out.toFile(cleaned);
    await fs.rename(cleaned, file);
    return { size: info.size, md5: await md5Of(file) };
  } catch (err) {
    await fs.rm(cleaned, { force: true });
    throw err;
  }
}

async function md5Of(file: string): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
