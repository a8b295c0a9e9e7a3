import { useState } from 'react';
import styles from './Avatar.module.css';

const palette = ['#07C160', '#10AEFF', '#FA9D3B', '#6467F0', '#FA5151', '#1AAD19', '#C87D2F', '#576B95'];

/** Colour picked from the id so the same person always gets the same default avatar. */
export function avatarColour(seed: string | number): string {
  const s = String(seed);
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) | 0;
  return palette[Math.abs(h) % palette.length] ?? '#07C160';
}

export function initials(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return '?';
  const first = Array.from(trimmed)[0] ?? '?';
  // Latin names: up to two initials; CJK: the first character reads best.
  if (/^[a-z]/i.test(first)) {
    const parts = trimmed.split(/\s+/);
    const [a = '', b = ''] = parts;
    return (parts.length > 1 ? `${a.charAt(0)}${b.charAt(0)}` : first).toUpperCase();
  }
  return first;
}

export interface AvatarProps {
  src?: string;
  name: string;
  seed?: string | number;
  size?: number;
  round?: boolean;
}

/** Rounded-square avatar with an initials fallback (DESIGN.md). */
export function Avatar({ src, name, seed, size = 40, round = false }: AvatarProps) {
  const [broken, setBroken] = useState(false);
  const style = { width: size, height: size, borderRadius: round ? '50%' : undefined };
  if (src && !broken) {
    return <img className={styles.avatar} style={style} src={src} alt={name} onError={() => setBroken(true)} />;
  }
  return (
    <span
      className={styles.avatar}
      role="img"
      aria-label={name}
      style={{ ...style, background: avatarColour(seed ?? name), fontSize: Math.round(size * 0.4) }}
    >
      {initials(name)}
    </span>
  );
}
