import { useState } from 'react';
import { avatarColour, initials, isDefaultAvatar } from './avatar-face';
import styles from './Avatar.module.css';

export { avatarColour, initials } from './avatar-face';

export interface AvatarProps {
  src?: string;
  name: string;
  seed?: string | number;
  size?: number;
  /** The shape: rounded square by default, a circle with the user's "circle avatar" setting. */
  round?: boolean;
}

/** A person's or group's picture; without one, their initials on a colour from the id (DESIGN.md). */
export function Avatar({ src, name, seed, size = 40, round = false }: AvatarProps) {
  const [broken, setBroken] = useState(false);
  const style = { width: size, height: size, borderRadius: round ? '50%' : undefined };
  if (src && !isDefaultAvatar(src) && !broken) {
    return <img className={styles.avatar} style={style} src={src} alt={name} onError={() => setBroken(true)} />;
  }
  return (
    <span
      className={styles.avatar}
      role="img"
      aria-label={name}
      data-testid="avatar-initials"
      style={{ ...style, background: avatarColour(seed ?? name), fontSize: Math.round(size * 0.4) }}
    >
      {initials(name)}
    </span>
  );
}
