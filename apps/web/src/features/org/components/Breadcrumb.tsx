import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronIcon } from './icons';
import styles from './Breadcrumb.module.css';

export interface Crumb {
  id: number;
  name: string;
}

/**
 * Company › department › sub-department: every level but the last opens that level. A long path
 * scrolls sideways and starts scrolled to its end, where the open department is.
 */
export function Breadcrumb({ crumbs, onPick }: { crumbs: readonly Crumb[]; onPick: (id: number) => void }) {
  const { t } = useTranslation();
  const bar = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = bar.current;
    if (el) el.scrollLeft = el.scrollWidth;
  }, [crumbs]);
  return (
    <nav ref={bar} className={styles.bar} aria-label={t('org.breadcrumb')} data-testid="org-breadcrumb">
      {crumbs.map((c, i) => {
        const last = i === crumbs.length - 1;
        return (
          <span key={c.id} className={styles.sep}>
            {i > 0 ? <ChevronIcon size={12} /> : null}
            <button
              type="button"
              className={`${styles.crumb} ${last ? styles.current : ''}`}
              aria-current={last ? 'page' : undefined}
              disabled={last}
              onClick={() => onPick(c.id)}
              data-testid="org-crumb"
              data-id={String(c.id)}
            >
              {c.name}
            </button>
          </span>
        );
      })}
    </nav>
  );
}
