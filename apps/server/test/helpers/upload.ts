import sharp from 'sharp';
import type { Envelope } from './api';

/** A multipart upload as browsers and compatible clients send it (PROTOCOL §5). */

export interface UploadOptions {
  token?: string;
  lang?: string;
  /** File part: name as the client gives it, and its bytes. */
  file?: { name: string; bytes: Uint8Array; type?: string };
  /** Extra text fields (`message` as a JSON string, `ext`, …). */
  fields?: Record<string, string>;
}

export async function upload(
  baseUrl: string,
  path: string,
  opts: UploadOptions,
): Promise<{ status: number; body: Envelope }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(opts.fields ?? {})) form.append(k, v);
  if (opts.file)
    form.append(
      'file',
      new Blob([opts.file.bytes], { type: opts.file.type ?? 'application/octet-stream' }),
      opts.file.name,
    );
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = opts.token;
  if (opts.lang) headers['accept-language'] = opts.lang;
  const res = await fetch(baseUrl + path, { method: 'POST', headers, body: form });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as Envelope };
  } catch {
    throw new Error(`Not an envelope (HTTP ${res.status}): ${text.slice(0, 200)}`);
  }
}

/** A solid-colour PNG or JPEG of the given size. */
export async function makeImage(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'gif' = 'png',
): Promise<Buffer> {
  const img = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });
  return format === 'png' ? img.png().toBuffer() : format === 'jpeg' ? img.jpeg().toBuffer() : img.gif().toBuffer();
}
