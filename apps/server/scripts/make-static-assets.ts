/**
 * Writes the server's own static assets (PROTOCOL §14.1) into apps/server/static, so nothing
 * third-party ships: flat PNG icons drawn from simple shapes, and a short two-tone chime.
 * Run: npx tsx apps/server/scripts/make-static-assets.ts   (the mp3 step needs `lame`).
 * The outputs are committed; rerun only to change them.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const outDir = fileURLToPath(new URL('../static', import.meta.url));
type Rgb = [number, number, number];
/** A shape: true where the point (0..1 square coordinates) is inside. */
type Shape = (x: number, y: number) => boolean;

const circle =
  (cx: number, cy: number, r: number): Shape =>
  (x, y) =>
    (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
const rect =
  (x0: number, y0: number, x1: number, y1: number): Shape =>
  (x, y) =>
    x >= x0 && x <= x1 && y >= y0 && y <= y1;
const union =
  (...s: Shape[]): Shape =>
  (x, y) =>
    s.some((f) => f(x, y));
const minus =
  (a: Shape, b: Shape): Shape =>
  (x, y) =>
    a(x, y) && !b(x, y);
/** A person: head plus rounded shoulders, cut at the bottom edge. */
const person = (cx: number, cy: number, k: number): Shape =>
  union(
    circle(cx, cy - 0.12 * k, 0.13 * k),
    (x, y) => y >= cy + 0.06 * k && y <= cy + 0.45 * k && circle(cx, cy + 0.42 * k, 0.3 * k)(x, y),
  );
const triangle =
  (ax: number, ay: number, bx: number, by: number, cx: number, cy: number): Shape =>
  (x, y) => {
    const s = (px: number, py: number, qx: number, qy: number) => (x - qx) * (py - qy) - (px - qx) * (y - qy);
    const d1 = s(ax, ay, bx, by);
    const d2 = s(bx, by, cx, cy);
    const d3 = s(cx, cy, ax, ay);
    return !((d1 < 0 || d2 < 0 || d3 < 0) && (d1 > 0 || d2 > 0 || d3 > 0));
  };

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** Renders with 4×4 supersampling so edges are smooth; the background fills the square. */
function png(w: number, h: number, bg: Rgb, fg: Rgb, shape: Shape): Buffer {
  const raw = Buffer.alloc((w * 3 + 1) * h);
  const n = 4;
  for (let y = 0; y < h; y++) {
    raw[y * (w * 3 + 1)] = 0;
    for (let x = 0; x < w; x++) {
      let hits = 0;
      for (let i = 0; i < n; i++)
        for (let j = 0; j < n; j++) if (shape((x + (i + 0.5) / n) / w, (y + (j + 0.5) / n) / h)) hits++;
      const a = hits / (n * n);
      const o = y * (w * 3 + 1) + 1 + x * 3;
      for (let c = 0; c < 3; c++) raw[o + c] = Math.round((bg[c] ?? 0) * (1 - a) + (fg[c] ?? 0) * a);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const white: Rgb = [255, 255, 255];
const images: Record<string, Buffer> = {
  'img/avatar.png': png(128, 128, [161, 176, 196], white, person(0.5, 0.5, 1)),
  'img/group.png': png(128, 128, [120, 160, 220], white, union(person(0.3, 0.55, 0.62), person(0.7, 0.55, 0.62))),
  // A bell: dome, flared rim and clapper.
  'common/img/notice.png': png(
    128,
    128,
    [245, 166, 35],
    white,
    union(
      circle(0.5, 0.42, 0.2),
      rect(0.3, 0.42, 0.7, 0.64),
      rect(0.22, 0.62, 0.78, 0.7),
      circle(0.5, 0.76, 0.06),
      circle(0.5, 0.2, 0.04),
    ),
  ),
  // A folder with an upward arrow cut out.
  'common/img/file_transfer.png': png(
    128,
    128,
    [76, 175, 80],
    white,
    minus(
      union(rect(0.2, 0.3, 0.48, 0.4), rect(0.2, 0.36, 0.8, 0.76)),
      union(triangle(0.5, 0.42, 0.38, 0.56, 0.62, 0.56), rect(0.45, 0.55, 0.55, 0.7)),
    ),
  ),
  // A video poster: dark frame with a play button.
  'common/img/video.png': png(
    320,
    180,
    [40, 44, 52],
    white,
    minus(circle(0.5, 0.5, 0.14), triangle(0.46, 0.38, 0.46, 0.62, 0.57, 0.5)),
  ),
};

for (const [rel, data] of Object.entries(images)) {
  const file = path.join(outDir, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
  console.log(`${rel}: ${data.length} bytes`);
}

/** Two decaying sine tones (E6 then A5), mono 22.05 kHz WAV, encoded to mp3 by lame. */
function chimeWav(): Buffer {
  const rate = 22_050;
  const tones = [
    { f: 1318.5, start: 0, len: 0.35 },
    { f: 880, start: 0.16, len: 0.5 },
  ];
  const samples = Math.ceil(rate * 0.7);
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    let v = 0;
    for (const tone of tones) {
      const u = t - tone.start;
      if (u >= 0 && u < tone.len) v += Math.sin(2 * Math.PI * tone.f * u) * Math.exp(-u * 7) * Math.min(1, u * 200);
    }
    pcm.writeInt16LE(Math.round(Math.max(-1, Math.min(1, v * 0.45)) * 32_767), i * 2);
  }
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + pcm.length, 4);
  h.write('WAVEfmt ', 8);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([h, pcm]);
}

const wav = path.join(os.tmpdir(), `parley-chime-${process.pid}.wav`);
fs.writeFileSync(wav, chimeWav());
const mp3 = path.join(outDir, 'voice/notify.mp3');
fs.mkdirSync(path.dirname(mp3), { recursive: true });
try {
  execFileSync('lame', ['--quiet', '-b', '64', '-m', 'm', wav, mp3]);
  console.log(`voice/notify.mp3: ${fs.statSync(mp3).size} bytes`);
} catch {
  console.error('lame not found: install it (apt-get install -y lame) to rebuild notify.mp3');
} finally {
  fs.rmSync(wav, { force: true });
}
