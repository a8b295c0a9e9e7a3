import type { SVGProps } from 'react';

/** Our few line icons (24 px grid, currentColor) so the initial chunk needs no icon pack. */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** Stroke attributes the icons share, spread onto each shape (its width stays its own). */
export const roundCap = { stroke: 'currentColor', strokeLinecap: 'round' } as const;
export const roundJoin = { stroke: 'currentColor', strokeLinejoin: 'round' } as const;
export const round = { ...roundCap, ...roundJoin } as const;

/** The 24 px frame every icon draws in (feature icon sets use it too). */
export function Svg({ size = 24, children, ...rest }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false" {...rest}>
      {children}
    </svg>
  );
}

/** A stroke icon of a feature's set (contacts, organization): the frame, round 1.8 px strokes in currentColor. */
export function StrokeSvg({ strokeWidth = 1.8, ...rest }: IconProps) {
  return <Svg stroke="currentColor" strokeWidth={strokeWidth} strokeLinecap="round" strokeLinejoin="round" {...rest} />;
}

export function ChatIcon({ filled, ...p }: IconProps & { filled?: boolean }) {
  return (
    <Svg {...p}>
      <path
        d="M12 3.5c-4.97 0-9 3.36-9 7.5 0 2.3 1.24 4.36 3.2 5.74L5.5 20l3.63-1.9c.9.24 1.86.4 2.87.4 4.97 0 9-3.36 9-7.5s-4.03-7.5-9-7.5Z"
        {...roundJoin}
        fill={filled ? 'currentColor' : 'none'}
        strokeWidth="1.6"
      />
    </Svg>
  );
}

export function ContactsIcon({ filled, ...p }: IconProps & { filled?: boolean }) {
  return (
    <Svg {...p}>
      <circle cx="12" cy="8" r="4" stroke="currentColor" fill={filled ? 'currentColor' : 'none'} strokeWidth="1.6" />
      <path
        d="M4 20.5c.6-3.9 4-6.5 8-6.5s7.4 2.6 8 6.5"
        {...roundCap}
        fill={filled ? 'currentColor' : 'none'}
        strokeWidth="1.6"
      />
    </Svg>
  );
}

export function BackIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path d="M15 4.5 7.5 12l7.5 7.5" {...round} strokeWidth="2" />
    </Svg>
  );
}

export function InboxIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path d="M3.5 13.5 6 5.5h12l2.5 8M3.5 13.5v5h17v-5M3.5 13.5h5l1 2h5l1-2h5" {...roundJoin} strokeWidth="1.4" />
    </Svg>
  );
}

export function ToolIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path
        d="M14.5 6.5a4 4 0 0 0-5.3 5.3L4 17l3 3 5.2-5.2a4 4 0 0 0 5.3-5.3l-2.5 2.5-2.5-.5-.5-2.5 2.5-2.5Z"
        {...roundJoin}
        strokeWidth="1.4"
      />
    </Svg>
  );
}

export function GlobeIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <circle cx="12" cy="12" r="8.5" stroke="currentColor" strokeWidth="1.5" />
      <path
        d="M3.5 12h17M12 3.5c2.5 2.6 2.5 14.4 0 17M12 3.5c-2.5 2.6-2.5 14.4 0 17"
        stroke="currentColor"
        strokeWidth="1.5"
      />
    </Svg>
  );
}

/** A bell with a slash: notices off for this conversation. */
export function MuteIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path
        d="M6 16.5h12l-1.5-2V10a4.5 4.5 0 0 0-8.2-2.56M7.5 10v4.5l-1.5 2M10 19a2 2 0 0 0 4 0"
        {...round}
        strokeWidth="1.6"
      />
      <path d="M4 4l16 16" {...roundCap} strokeWidth="1.6" />
    </Svg>
  );
}

export function EmojiIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeWidth="1.6" />
      <path d="M8.5 14.5c.9 1.2 2.1 1.8 3.5 1.8s2.6-.6 3.5-1.8" {...roundCap} strokeWidth="1.6" />
      <circle cx="9" cy="10" r="1.1" fill="currentColor" />
      <circle cx="15" cy="10" r="1.1" fill="currentColor" />
    </Svg>
  );
}

export function KeyboardIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <rect x="3" y="6" width="18" height="12" rx="2" stroke="currentColor" strokeWidth="1.6" />
      <path d="M7 10h.01M10 10h.01M13 10h.01M16 10h.01M8 14h8" {...roundCap} strokeWidth="1.8" />
    </Svg>
  );
}

export function ArrowDownIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path d="M12 5v14M6 13l6 6 6-6" {...round} strokeWidth="1.8" />
    </Svg>
  );
}

export function PlusCircleIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeWidth="1.6" />
      <path d="M12 8v8M8 12h8" {...roundCap} strokeWidth="1.6" />
    </Svg>
  );
}

export function VoiceIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeWidth="1.6" />
      <path
        d="M9 10.5a2.2 2.2 0 0 1 0 3M11.5 8.5a5 5 0 0 1 0 7M14 6.8a7.6 7.6 0 0 1 0 10.4"
        {...roundCap}
        strokeWidth="1.5"
      />
    </Svg>
  );
}

export function StarIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path
        d="m12 3.8 2.5 5.2 5.7.8-4.1 4 1 5.7L12 16.8l-5.1 2.7 1-5.7-4.1-4 5.7-.8L12 3.8Z"
        {...roundJoin}
        strokeWidth="1.6"
      />
    </Svg>
  );
}

export function GearIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <circle cx="12" cy="12" r="3" stroke="currentColor" strokeWidth="1.6" />
      <path
        d="M12 2.8v2.4M12 18.8v2.4M21.2 12h-2.4M5.2 12H2.8M18.5 5.5l-1.7 1.7M7.2 16.8l-1.7 1.7M18.5 18.5l-1.7-1.7M7.2 7.2 5.5 5.5"
        {...roundCap}
        strokeWidth="1.6"
      />
      <circle cx="12" cy="12" r="6" stroke="currentColor" strokeWidth="1.6" />
    </Svg>
  );
}
