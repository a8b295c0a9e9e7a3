/**
 * Draws the file-type icons served at /static/img/ext/<EXT>.png (PROTOCOL §14) and folder.png.
 * Run once when the list changes: `npx tsx apps/server/scripts/make-ext-icons.ts`; the PNGs are
 * committed, nothing is downloaded. The list must match EXT_ICONS in modules/messages/file-urls.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { EXT_ICONS } from '../src/modules/messages/file-urls';

const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../static/img/ext');

/** One colour per family, so a glance tells documents, sheets, slides, media and archives apart. */
const FAMILY: Array<[RegExp, string]> = [
  [/^(DOC|DOCX|TXT|MD)$/, '#2F6FED'],
  [/^(XLS|XLSX|CSV)$/, '#1F9D55'],
  [/^(PPT|PPTX)$/, '#E8632B'],
  [/^PDF$/, '#D93025'],
  [/^(MP3|WAV|WMV|AMR|M4A|AAC|OGG)$/, '#8E44AD'],
  [/^(MP4|3GP|AVI|M2V|MKV|MOV|WEBM)$/, '#C2185B'],
  [/^(ZIP|RAR|7Z)$/, '#B7791F'],
];

const colourOf = (ext: string) => FAMILY.find(([re]) => re.test(ext))?.[1] ?? '#6B7280';

function fileSvg(ext: string): string {
  // Keep four-letter names inside the page's 68 px body.
  const size = ext.length > 3 ? 21 : ext.length === 3 ? 27 : 32;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">
  <path d="M20 6h40l22 22v58a6 6 0 0 1-6 6H20a6 6 0 0 1-6-6V12a6 6 0 0 1 6-6z" fill="${colourOf(ext)}"/>
  <path d="M60 6v16a6 6 0 0 0 6 6h16z" fill="#fff" fill-opacity=".45"/>
  <text x="48" y="70" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700"
    font-size="${size}" fill="#fff">${ext}</text>
</svg>`;
}

const folderSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">
  <path d="M8 22a6 6 0 0 1 6-6h22l8 8h38a6 6 0 0 1 6 6v46a6 6 0 0 1-6 6H14a6 6 0 0 1-6-6z" fill="#F4B400"/>
  <path d="M8 34h80v44a6 6 0 0 1-6 6H14a6 6 0 0 1-6-6z" fill="#FFCA28"/>
</svg>`;

fs.mkdirSync(outDir, { recursive: true });
const jobs = [...EXT_ICONS.map((ext) => ({ name: ext, svg: fileSvg(ext) })), { name: 'folder', svg: folderSvg }];
for (const { name, svg } of jobs) {
  await sharp(Buffer.from(svg))
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(outDir, `${name}.png`));
}
console.log(`wrote ${jobs.length} icons to ${outDir}`);
