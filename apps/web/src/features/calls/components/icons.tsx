import type { ReactNode, SVGProps } from 'react';

/** Line icons of the call controls (24 px grid, currentColor). */
type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Svg({ size = 28, children, ...rest }: IconProps & { children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export const MicIcon = ({ off, ...p }: IconProps & { off?: boolean }) => (
  <Svg {...p}>
    <rect x="9" y="3" width="6" height="11" rx="3" />
    <path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21" />
    {off ? <path d="M4 4l16 16" /> : null}
  </Svg>
);

export const CameraIcon = ({ off, ...p }: IconProps & { off?: boolean }) => (
  <Svg {...p}>
    <rect x="3" y="6.5" width="12.5" height="11" rx="2" />
    <path d="M15.5 10.5l5-3v9l-5-3" />
    {off ? <path d="M3 4l17 16" /> : null}
  </Svg>
);

export const FlipIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 9a8 8 0 0 1 14.5-3M20 15a8 8 0 0 1-14.5 3" />
    <path d="M18.5 2.5V6H15M5.5 21.5V18H9" />
  </Svg>
);

export const SpeakerIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" />
    <path d="M15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11" />
  </Svg>
);

/** The handset; `down` turns it for hang up / decline. */
export const PhoneIcon = ({ down, ...p }: IconProps & { down?: boolean }) => (
  <Svg {...p} fill="currentColor" stroke="none" style={down ? { transform: 'rotate(135deg)' } : undefined}>
    <path d="M6.6 10.8a15.2 15.2 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z" />
  </Svg>
);
