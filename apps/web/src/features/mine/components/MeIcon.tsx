import { Svg, type IconProps } from '../../../ui/icons';

/** Me on the desktop rail: a face in a rounded frame (distinct from the contacts silhouette). */
export function MeIcon({ filled, ...p }: IconProps & { filled?: boolean }) {
  return (
    <Svg {...p}>
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.6" />
      <circle cx="12" cy="10" r="2.6" fill="none" stroke={filled ? 'var(--surface, #fff)' : 'currentColor'} strokeWidth="1.6" />
      <path d="M7.5 17c.9-2 2.6-3 4.5-3s3.6 1 4.5 3" fill="none" stroke={filled ? 'var(--surface, #fff)' : 'currentColor'} strokeWidth="1.6" strokeLinecap="round" />
    </Svg>
  );
}
