// Draws the app icons (manifest, iOS home screen, favicon) from one SVG with sharp. The PNGs are
// committed under public/icons; run `node apps/web/scripts/make-icons.mjs` after changing the art.
import sharp from 'sharp';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const out = (name) => fileURLToPath(new URL(`../public/icons/${name}`, import.meta.url));
const brand = '#07C160'; // DESIGN.md --brand

/** Two speech bubbles on the brand green. `inset` shrinks the art into the maskable safe zone. */
function svg({ rounded, inset }) {
  const s = 512;
  const k = 1 - inset * 2;
  const t = (v) => s * inset + v * k;
  const bg = rounded
    ? `<rect width="${s}" height="${s}" rx="112" fill="${brand}"/>`
    : `<rect width="${s}" height="${s}" fill="${brand}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">${bg}
  <g transform="translate(${t(0)} ${t(0)}) scale(${k})">
    <ellipse cx="214" cy="222" rx="132" ry="112" fill="#fff"/>
    <path d="M130 300 L112 368 L190 322 Z" fill="#fff"/>
    <circle cx="166" cy="222" r="16" fill="${brand}"/><circle cx="214" cy="222" r="16" fill="${brand}"/><circle cx="262" cy="222" r="16" fill="${brand}"/>
    <ellipse cx="334" cy="316" rx="104" ry="88" fill="#fff" stroke="${brand}" stroke-width="14"/>
    <path d="M392 376 L408 430 L346 396 Z" fill="#fff"/>
  </g></svg>`;
}

const icons = [
  { name: 'icon-192.png', size: 192, rounded: true, inset: 0 },
  { name: 'icon-512.png', size: 512, rounded: true, inset: 0 },
  // Maskable: full bleed, art inside the central 80 % circle the launcher may crop to.
  { name: 'maskable-512.png', size: 512, rounded: false, inset: 0.12 },
  // iOS draws its own rounded corners and shows transparency as black.
  { name: 'apple-touch-icon-180.png', size: 180, rounded: false, inset: 0.06 },
  { name: 'favicon-32.png', size: 32, rounded: true, inset: 0 },
];
for (const i of icons) {
  await sharp(Buffer.from(svg(i)))
    .resize(i.size, i.size)
    .png({ compressionLevel: 9 })
    .toFile(out(i.name));
}
await writeFile(out('icon.svg'), svg({ rounded: true, inset: 0 }));
