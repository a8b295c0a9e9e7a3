import { StrokeSvg, type IconProps } from '../../../ui/icons';

/** Icons of the address book, friends and QR pages (stroke icons, currentColor). */

export function AddPersonIcon(p: IconProps) {
  return (
    <StrokeSvg {...p}>
      <circle cx="9" cy="8" r="4" />
      <path d="M2 21c0-4 3-7 7-7s7 3 7 7M19 8v6M16 11h6" />
    </StrokeSvg>
  );
}
export function GroupIcon(p: IconProps) {
  return (
    <StrokeSvg {...p}>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c0-3.6 2.9-6.5 6.5-6.5s6.5 2.9 6.5 6.5M16 4.8a3.5 3.5 0 0 1 0 6.4M18 13.8c2 .9 3.5 3 3.5 6.2" />
    </StrokeSvg>
  );
}
export function ScanIcon(p: IconProps) {
  return (
    <StrokeSvg {...p}>
      <path d="M3 8V5a2 2 0 0 1 2-2h3M16 3h3a2 2 0 0 1 2 2v3M21 16v3a2 2 0 0 1-2 2h-3M8 21H5a2 2 0 0 1-2-2v-3M3 12h18" />
    </StrokeSvg>
  );
}
export function QrIcon(p: IconProps) {
  return (
    <StrokeSvg {...p}>
      <rect x="3" y="3" width="7" height="7" rx="1" />
      <rect x="14" y="3" width="7" height="7" rx="1" />
      <rect x="3" y="14" width="7" height="7" rx="1" />
      <path d="M14 14h3v3h-3zM20 14v.01M14 20h.01M17 20h4v-3" />
    </StrokeSvg>
  );
}
export function ChatPlusIcon(p: IconProps) {
  return (
    <StrokeSvg {...p}>
      <path d="M4 5h16v11H9l-5 4z" />
      <path d="M12 8v5M9.5 10.5h5" />
    </StrokeSvg>
  );
}
export function PlusIcon(p: IconProps) {
  return (
    <StrokeSvg {...p}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 8v8M8 12h8" />
    </StrokeSvg>
  );
}
export function SearchIcon(p: IconProps) {
  return (
    <StrokeSvg {...p}>
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5" />
    </StrokeSvg>
  );
}
