import { Svg, type IconProps } from '../../ui/icons';

/** Line icons of the media feature (24 px grid, currentColor), drawn like ui/icons.tsx's set. */
const line = { stroke: 'currentColor', strokeWidth: 1.6, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export function AlbumIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <rect x="3.5" y="5" width="17" height="14" rx="2" {...line} />
      <circle cx="9" cy="10" r="1.6" {...line} />
      <path d="M4 17l5-4.5 3.5 3 3-2.5 4.5 4" {...line} />
    </Svg>
  );
}

export function CameraIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path
        d="M4 8.5A1.5 1.5 0 0 1 5.5 7h2.2l1.5-2h5.6l1.5 2h2.2A1.5 1.5 0 0 1 20 8.5v9a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 17.5z"
        {...line}
      />
      <circle cx="12" cy="13" r="3.5" {...line} />
    </Svg>
  );
}

export function FolderIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path
        d="M3.5 7.5A1.5 1.5 0 0 1 5 6h4.5l2 2H19a1.5 1.5 0 0 1 1.5 1.5v8A1.5 1.5 0 0 1 19 19H5a1.5 1.5 0 0 1-1.5-1.5z"
        {...line}
      />
    </Svg>
  );
}

export function PlayIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
    </Svg>
  );
}

export function PauseIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path d="M7.5 5.5h3v13h-3zM13.5 5.5h3v13h-3z" fill="currentColor" />
    </Svg>
  );
}

/** Sound waves of a voice note; `active` animates them while it plays. */
export function WavesIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path d="M6 12h.01M9.5 8.5a5 5 0 0 1 0 7M13 5.5a9.2 9.2 0 0 1 0 13" {...line} strokeWidth={2} />
    </Svg>
  );
}

export function MicIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <rect x="9" y="3.5" width="6" height="11" rx="3" {...line} />
      <path d="M6 11.5a6 6 0 0 0 12 0M12 17.5V20.5" {...line} />
    </Svg>
  );
}

export function CloseIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path d="M6 6l12 12M18 6L6 18" {...line} strokeWidth={2} />
    </Svg>
  );
}

export function DownloadIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path d="M12 4v11M7.5 10.5 12 15l4.5-4.5M5 19.5h14" {...line} />
    </Svg>
  );
}
