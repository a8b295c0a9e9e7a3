import { roundJoin, Svg, type IconProps } from '../../../ui/icons';

/** Discover: a compass (the needle filled when its section is selected). */
export function CompassIcon({ filled, ...p }: IconProps & { filled?: boolean }) {
  return (
    <Svg {...p}>
      <circle cx="12" cy="12" r="9" stroke="currentColor" fill="none" strokeWidth="1.6" />
      <path d="M15.5 8.5l-2 5-5 2 2-5z" {...roundJoin} fill={filled ? 'currentColor' : 'none'} strokeWidth="1.6" />
    </Svg>
  );
}

/** Moments: a camera aperture. */
export function MomentsIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <circle cx="12" cy="12" r="9" fill="none" stroke="#FA9D3B" strokeWidth="1.8" />
      <path d="M12 3v7M21 12h-7M12 21v-7M3 12h7" stroke="#10AEFF" strokeWidth="1.8" strokeLinecap="round" />
    </Svg>
  );
}

export function CameraIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path d="M4 8h3l2-3h6l2 3h3v11H4z" {...roundJoin} fill="none" strokeWidth="1.6" />
      <circle cx="12" cy="13" r="3.5" stroke="currentColor" fill="none" strokeWidth="1.6" />
    </Svg>
  );
}

export function LinkIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path
        d="M10 14l4-4M9 7l1.5-1.5a3.5 3.5 0 015 5L14 12M10 12l-1.5 1.5a3.5 3.5 0 01-5-5L5 7"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        transform="translate(2 2)"
      />
    </Svg>
  );
}

export function PinIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path d="M12 21s-6-5.5-6-10a6 6 0 0112 0c0 4.5-6 10-6 10z" stroke="currentColor" fill="none" strokeWidth="1.6" />
      <circle cx="12" cy="11" r="2" fill="currentColor" />
    </Svg>
  );
}

export function HeartIcon({ filled, ...p }: IconProps & { filled?: boolean }) {
  return (
    <Svg {...p}>
      <path
        d="M12 20s-7-4.4-7-10a4 4 0 017-2.6A4 4 0 0119 10c0 5.6-7 10-7 10z"
        {...roundJoin}
        fill={filled ? 'currentColor' : 'none'}
        strokeWidth="1.6"
      />
    </Svg>
  );
}

export function CommentIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path d="M4 5h16v11H9l-4 3v-3H4z" {...roundJoin} fill="none" strokeWidth="1.6" />
    </Svg>
  );
}
