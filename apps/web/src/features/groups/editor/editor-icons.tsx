import { Svg, type IconProps } from '../../../ui/icons';

/**
 * Toolbar pictures of the notice editor, drawn rather than typed: "🔗", "↶" or "•" depend on
 * the fonts of the system (an emoji font, arrows), and look different or missing on some.
 */
const line = { stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export function LinkIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path d="M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1.2 1.2" {...line} />
      <path d="M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1.2-1.2" {...line} />
    </Svg>
  );
}

export function BulletListIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <circle cx="5" cy="7" r="1.4" fill="currentColor" />
      <circle cx="5" cy="12" r="1.4" fill="currentColor" />
      <circle cx="5" cy="17" r="1.4" fill="currentColor" />
      <path d="M9.5 7H20M9.5 12H20M9.5 17H20" {...line} />
    </Svg>
  );
}

export function OrderedListIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path d="M4 5.5 5.5 4.5V9.5M4 9.5h3" {...line} strokeWidth={1.4} />
      <path d="M4 14.5a1.5 1.5 0 0 1 3 0c0 1.2-3 2-3 3.5h3" {...line} strokeWidth={1.4} />
      <path d="M10 7H20M10 12H20M10 17H20" {...line} />
    </Svg>
  );
}

export function ClearFormatIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path d="M6 5h11M11.5 5 8.5 19" {...line} />
      <path d="m14 14 6 6m0-6-6 6" {...line} />
    </Svg>
  );
}

export function UndoIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path d="M9 7 4.5 11.5 9 16" {...line} />
      <path d="M5 11.5h9.5a5 5 0 0 1 0 10H12" {...line} />
    </Svg>
  );
}

export function RedoIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path d="m15 7 4.5 4.5L15 16" {...line} />
      <path d="M19 11.5H9.5a5 5 0 0 0 0 10H12" {...line} />
    </Svg>
  );
}
