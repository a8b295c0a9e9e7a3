import { Svg, type IconProps } from '../../../ui/icons';

/** The magnifier of the search section on the desktop rail (heavier when it is the open section). */
export function SearchIcon({ filled, ...p }: IconProps & { filled?: boolean }) {
  return (
    <Svg {...p}>
      <circle cx="11" cy="11" r="6.5" stroke="currentColor" strokeWidth={filled ? 2.4 : 1.6} />
      <path d="m16 16 4.5 4.5" stroke="currentColor" strokeWidth={filled ? 2.4 : 1.6} strokeLinecap="round" />
    </Svg>
  );
}
