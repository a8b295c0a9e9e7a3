import type { ReactNode } from 'react';
import listRow from './ListRow.module.css';

/**
 * The button of a 56 px address-book row (a person, an entry, a department): they press, hover and
 * show "open beside the list" (desktop, `selected`) alike. `className` adds the row's own layout.
 */
export function PersonRowButton({
  id,
  testId,
  selected,
  onClick,
  className = '',
  children,
}: {
  id?: number | string;
  testId: string;
  selected?: boolean;
  onClick: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`${listRow.personRow} ${selected ? listRow.selected : ''} ${className}`}
      aria-current={selected ? 'true' : undefined}
      onClick={onClick}
      data-testid={testId}
      data-id={id === undefined ? undefined : String(id)}
    >
      {children}
    </button>
  );
}
