/**
 * Generated faces (DESIGN.md "Avatars"): initials on a colour picked from the id. Every colour
 * carries a white label at ≥ 4.5:1 (checked in theme-contrast.test.ts), so the initials read at
 * any size.
 */
export const avatarPalette = [
  '#047F3F',
  '#1565C0',
  '#B04A00',
  '#6A3FB5',
  '#C62828',
  '#00695C',
  '#576B95',
  '#8A5A00',
] as const;

/** Colour picked from the id so the same person always gets the same default avatar. */
export function avatarColour(seed: string | number): string {
  const s = String(seed);
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) | 0;
  return avatarPalette[Math.abs(h) % avatarPalette.length] ?? avatarPalette[0];
}

const han = /\p{Script=Han}/u;
const latin = /\p{Script=Latin}/u;

/** A note in brackets after or before a name: 鲍勃（市场部）, [外包] 李四, Ann (HR). */
const bracketed = /[（(【[［〔][^）)】\]］〕]*[）)】\]］〕]/gu;

/**
 * Initials as people write them: the last character of a Chinese name (张伟 → 伟, as colleagues
 * call each other), the first letters of the first two words of a Latin one (Ada Lovelace → AL),
 * else the first character (digits, emoji, other scripts). A note in brackets is not the name
 * (鲍勃（市场部） → 勃, not 部), and the name ends where its Han characters do (王小明 - 研发 → 明).
 */
export function initials(name: string): string {
  const trimmed = name.replace(bracketed, ' ').trim() || name.trim();
  if (!trimmed) return '?';
  const chars = Array.from(trimmed);
  const startsLatin = latin.test(chars[0] ?? '');
  const start = startsLatin ? -1 : chars.findIndex((c) => han.test(c));
  if (start >= 0) {
    let end = start;
    while (end + 1 < chars.length && han.test(chars[end + 1] ?? '')) end++;
    return chars[end] ?? '?';
  }
  if (startsLatin) {
    const words = trimmed.split(/[\s._-]+/).filter((w) => w && latin.test(Array.from(w)[0] ?? ''));
    return words
      .slice(0, 2)
      .map((w) => Array.from(w)[0] ?? '')
      .join('')
      .toUpperCase();
  }
  return chars[0] ?? '?';
}

/** The server's stand-in picture for "no avatar" (PROTOCOL: `/static/img/avatar.png`) is no face at all. */
export function isDefaultAvatar(src: string | undefined | null): boolean {
  if (!src) return true;
  try {
    return new URL(src, 'http://x').pathname.endsWith('/static/img/avatar.png');
  } catch {
    return false;
  }
}
