import { StrokeSvg, type IconProps } from '../../../ui/icons';

/** Icons of the organization (stroke icons, currentColor, as contacts/components/icons.tsx). */

/** The company: a building. */
export function CompanyIcon(p: IconProps) {
  return (
    <StrokeSvg {...p}>
      <path d="M4 21V5a1 1 0 0 1 1-1h9a1 1 0 0 1 1 1v16M15 9h4a1 1 0 0 1 1 1v11M2 21h20M8 8h3M8 12h3M8 16h3" />
    </StrokeSvg>
  );
}

/** A department: three linked boxes. */
export function DepartmentIcon(p: IconProps) {
  return (
    <StrokeSvg {...p}>
      <rect x="9" y="3" width="6" height="5" rx="1" />
      <rect x="3" y="16" width="6" height="5" rx="1" />
      <rect x="15" y="16" width="6" height="5" rx="1" />
      <path d="M12 8v4M6 16v-4h12v4" />
    </StrokeSvg>
  );
}

export function ChevronIcon({ size = 16, ...p }: IconProps) {
  return (
    <StrokeSvg size={size} {...p}>
      <path d="m9 6 6 6-6 6" />
    </StrokeSvg>
  );
}
