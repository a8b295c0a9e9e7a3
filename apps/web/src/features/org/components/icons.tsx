import type { SVGProps } from 'react';

/** Icons of the organization (stroke icons, currentColor, as contacts/components/icons.tsx). */
type P = SVGProps<SVGSVGElement> & { size?: number };
const base = (size: number) => ({
  width: size,
  height: size,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
});

/** The company: a building. */
export function CompanyIcon({ size = 24, ...p }: P) {
  return (
    <svg {...base(size)} {...p}>
      <path d="M4 21V5a1 1 0 0 1 1-1h9a1 1 0 0 1 1 1v16M15 9h4a1 1 0 0 1 1 1v11M2 21h20M8 8h3M8 12h3M8 16h3" />
    </svg>
  );
}

/** A department: three linked boxes. */
export function DepartmentIcon({ size = 24, ...p }: P) {
  return (
    <svg {...base(size)} {...p}>
      <rect x="9" y="3" width="6" height="5" rx="1" />
      <rect x="3" y="16" width="6" height="5" rx="1" />
      <rect x="15" y="16" width="6" height="5" rx="1" />
      <path d="M12 8v4M6 16v-4h12v4" />
    </svg>
  );
}

export function ChevronIcon({ size = 16, ...p }: P) {
  return (
    <svg {...base(size)} {...p}>
      <path d="m9 6 6 6-6 6" />
    </svg>
  );
}
