// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { avatarPalette } from './avatar-face';

/**
 * DESIGN.md "Colour": every text/background pair in use reaches 4.5:1 (large text and icons
 * 3:1), in light and dark mode. Reads the tokens from theme.css itself, so a changed token that
 * breaks a pair fails here.
 */

function tokens(block: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{3,6})\s*;/gi))
    out[m[1] as string] = (m[2] as string).toLowerCase();
  return out;
}
const css = readFileSync(fileURLToPath(new URL('./theme.css', import.meta.url)), 'utf8');
const light = tokens(css.slice(css.indexOf(':root {'), css.indexOf('@media (prefers-color-scheme: dark)')));
const dark = { ...light, ...tokens(css.slice(css.indexOf('@media (prefers-color-scheme: dark)'))) };

function luminance(hex: string): number {
  const h = hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, '#$1$1$2$2$3$3') : hex;
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(h.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** [text token, background token, minimum]: the pairs the screens use. */
const pairs: [string, string, number][] = [
  ['text', 'surface', 4.5],
  ['text', 'bg', 4.5],
  ['text-2', 'surface', 4.5],
  ['text-2', 'bg', 4.5],
  ['text-3', 'surface', 4.5], // timestamps and hints
  ['text-3', 'bg', 4.5],
  ['tab-default', 'surface', 4.5],
  ['brand-text', 'surface', 4.5], // links, the selected tab label
  ['brand-text', 'bg', 4.5],
  ['on-brand', 'brand-strong', 4.5], // primary buttons, chips
  ['on-brand', 'danger', 4.5], // unread badges, destructive buttons
  ['danger-text', 'surface', 4.5],
  ['on-warning', 'warning', 4.5], // the mute action, warning fills
  ['warning-text', 'surface', 4.5], // "muted until"
  ['bubble-mine-text', 'bubble-mine', 4.5],
  ['bubble-mine-text-2', 'bubble-mine', 4.5],
  ['text', 'bubble-other', 4.5],
  // --brand itself is for large fills without text (switches, progress): no text pair.
  ['brand-strong', 'surface', 3], // outlines and borders of selected controls
  ['focus-ring', 'surface', 3], // the keyboard focus ring (WCAG 1.4.11, issue 42 #9)
  ['focus-ring', 'bg', 3],
];

/** Every stylesheet of the app, for the rule below. */
function stylesheets(dir: URL): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? stylesheets(new URL(`${e.name}/`, dir))
      : e.name.endsWith('.css')
        ? [fileURLToPath(new URL(e.name, dir))]
        : [],
  );
}

describe('theme contrast (DESIGN.md)', () => {
  for (const [mode, set] of [
    ['light', light],
    ['dark', dark],
  ] as const) {
    it.each(pairs)(`${mode}: --%s on --%s reaches %s:1`, (fg, bg, min) => {
      const a = set[fg];
      const b = set[bg];
      expect(a, `--${fg}`).toBeDefined();
      expect(b, `--${bg}`).toBeDefined();
      expect(contrast(a as string, b as string)).toBeGreaterThanOrEqual(min);
    });
  }

  it.each([...avatarPalette])('initials are white on %s at 4.5:1', (colour) => {
    expect(contrast('#ffffff', colour)).toBeGreaterThanOrEqual(4.5);
  });

  it('draws every focus outline in a colour tested above, never the light --brand (2.4:1 on white)', () => {
    const outlines = stylesheets(new URL('../', import.meta.url)).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/outline:\s*\d+px solid ([^;]+);/g)].map((m) => `${file}: ${m[1]}`),
    );
    expect(outlines.length).toBeGreaterThan(0);
    expect(outlines.filter((o) => !/var\(--(focus-ring|brand-strong)\)$/.test(o))).toEqual([]);
  });

  it('measures as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 0);
    expect(contrast('#999999', '#ffffff')).toBeLessThan(3);
  });
});
