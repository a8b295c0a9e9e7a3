import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { upload, type TestUser } from './helpers/index';
import { serverWithPeople, uuid } from './chat-fixtures';

/**
 * Issue 36 #5: a stored picture keeps no metadata (EXIF with the GPS position, XMP, IPTC),
 * its original included, and still shows upright; anything sent as a file stays byte-identical.
 */

const { s, alice, bob } = await serverWithPeople(['alice-bob']);

const XMP_MARK = 'parley-secret-place';
/** A 60×30 photo as a phone writes it: rotated by EXIF (orientation 6), with GPS, camera and XMP. */
async function phonePhoto(format: 'jpeg' | 'png' | 'webp'): Promise<Buffer> {
  const img = sharp({ create: { width: 60, height: 30, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2400/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .withXmp(
      `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${XMP_MARK}</dc:title></rdf:Description></rdf:RDF></x:xmpmeta>`,
    );
  const out = format === 'jpeg' ? img.jpeg() : format === 'png' ? img.png() : img.webp();
  return out.toBuffer();
}

const up = (u: TestUser, route: string, name: string, bytes: Uint8Array, fields: Record<string, string> = {}) =>
  upload(s.url, `/common/upload/${route}`, { token: u.token, lang: 'en', file: { name, bytes }, fields });

async function expectClean(url: string) {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  const meta = await sharp(bytes).metadata();
  expect(meta.exif, url).toBeUndefined();
  expect(meta.xmp, url).toBeUndefined();
  expect(meta.iptc, url).toBeUndefined();
  expect(meta.orientation ?? 1, url).toBe(1);
  // Orientation 6 applied to the pixels: the 60×30 picture stands 30×60.
  expect([meta.width, meta.height], url).toEqual([30, 60]);
  const text = bytes.toString('latin1');
  for (const mark of ['PhoneMaker', XMP_MARK]) expect(text, `${url} ${mark}`).not.toContain(mark);
}

describe('metadata of stored pictures', () => {
  it('the sample photo really carries GPS, camera and XMP data', async () => {
    const meta = await sharp(await phonePhoto('jpeg')).metadata();
    expect(meta.exif?.toString('latin1')).toContain('PhoneMaker');
    expect(meta.xmp?.toString()).toContain(XMP_MARK);
    expect(meta.orientation).toBe(6);
  });

  it('strips it from the stored original of a picture sent in a chat, JPEG, PNG and WebP', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const message = JSON.stringify({ id: uuid(), type: 'image', toContactId: bob.id });
      const res = await up(
        alice,
        'uploadFile',
        `photo.${format === 'jpeg' ? 'jpg' : format}`,
        await phonePhoto(format),
        { message },
      );
      expect(res.body.code, res.body.msg).toBe(0);
      expect(res.body.data.extends).toMatchObject({ width: 30, height: 60 });
      await expectClean(String(res.body.data.content));
    }
    // Uploaded without a message (moments, then sent by id): the same.
    const stored = await up(alice, 'uploadFile', 'photo.jpg', await phonePhoto('jpeg'));
    expect(stored.body.code, stored.body.msg).toBe(0);
    await expectClean(String(stored.body.data.url));
  });

  it('strips it from avatars, stickers and site images', async () => {
    const avatar = await up(bob, 'uploadAvatar', 'me.jpg', await phonePhoto('jpeg'));
    expect(avatar.body.code, avatar.body.msg).toBe(0);
    await expectClean(String(avatar.body.data));
    const sticker = await up(bob, 'uploadEmoji', 'sticker.png', await phonePhoto('png'));
    expect(sticker.body.code, sticker.body.msg).toBe(0);
    await expectClean(String(sticker.body.data));
    const logo = await up(alice, 'uploadImage', 'logo.jpg', await phonePhoto('jpeg'));
    expect(logo.body.code, logo.body.msg).toBe(0);
    await expectClean(String(logo.body.data));
  });

  it('keeps files that are not pictures byte for byte, and records the stored size and MD5', async () => {
    const photoInside = await phonePhoto('jpeg');
    const res = await up(alice, 'uploadFile', 'holiday.zip', photoInside);
    expect(res.body.code, res.body.msg).toBe(0);
    const got = Buffer.from(await (await fetch(String(res.body.data.url))).arrayBuffer());
    expect(got.equals(photoInside)).toBe(true);

    const pic = await up(alice, 'uploadFile', 'photo.jpg', photoInside);
    const stored = Buffer.from(await (await fetch(String(pic.body.data.url))).arrayBuffer());
    const { createHash } = await import('node:crypto');
    expect(pic.body.data).toMatchObject({ size: stored.length, md5: createHash('md5').update(stored).digest('hex') });
  });
});
