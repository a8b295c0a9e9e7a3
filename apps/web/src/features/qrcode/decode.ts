/**
 * QR decoding of camera frames and pictures: the browser's BarcodeDetector where it reads QR
 * codes (Chrome on Android, Safari 17+), else jsQR on the pixels (loaded on first use).
 */
interface DetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
type DetectorCtor = { new (opts: { formats: string[] }): DetectorLike; getSupportedFormats?: () => Promise<string[]> };

export type Decoder = (source: HTMLVideoElement | HTMLCanvasElement | ImageBitmap) => Promise<string | null>;

async function nativeDetector(): Promise<DetectorLike | null> {
  const Ctor = (globalThis as { BarcodeDetector?: DetectorCtor }).BarcodeDetector;
  if (!Ctor) return null;
  try {
    const formats = (await Ctor.getSupportedFormats?.()) ?? ['qr_code'];
    return formats.includes('qr_code') ? new Ctor({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

/** Largest side the JS decoder looks at: big enough for a phone photo, fast enough per frame. */
const MAX_SIDE = 800;

function sizeOf(source: HTMLVideoElement | HTMLCanvasElement | ImageBitmap): { w: number; h: number } {
  if (source instanceof HTMLVideoElement) return { w: source.videoWidth, h: source.videoHeight };
  return { w: source.width, h: source.height };
}

export async function createDecoder(): Promise<Decoder> {
  const native = await nativeDetector();
  if (native) {
    return async (source) => {
      const found = await native.detect(source).catch(() => []);
      return found[0]?.rawValue ?? null;
    };
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  return async (source) => {
    const { w, h } = sizeOf(source);
    if (!ctx || !w || !h) return null;
    const scale = Math.min(1, MAX_SIDE / Math.max(w, h));
    canvas.width = Math.round(w * scale);
    canvas.height = Math.round(h * scale);
    ctx.drawImage(source, 0, 0, canvas.width, canvas.height);
    const img = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(img.data, img.width, img.height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
  };
}

/** Decode a picture the user picked; null when no QR code is found in it. */
export async function decodeFile(file: Blob, decode: Decoder): Promise<string | null> {
  const bitmap = await createImageBitmap(file).catch(() => null);
  if (!bitmap) return null;
  try {
    return await decode(bitmap);
  } finally {
    bitmap.close();
  }
}
