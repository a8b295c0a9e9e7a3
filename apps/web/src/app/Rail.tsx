import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../ui/Avatar';
import { useAuth } from '../state/auth';
import { href } from '../nav/routes';
import type { Section } from './sections';
import styles from './Rail.module.css';

export interface RailProps {
  sections: readonly Section[];
  /** Key of the lit section. */
  active: string;
}

/** The desktop's 64 px column of sections (DESIGN.md): my avatar (Me) on top, then each section. */
export function Rail({ sections, active }: RailProps) {
  const { t } = useTranslation();
  const me = useAuth((s) => s.userInfo);
  const name = me?.displayName || me?.realname || t('desktop.me');
  const mine = sections.find((s) => s.avatar);
  return (
    <nav className={styles.rail} aria-label={t('desktop.rail')} data-testid="rail">
      {mine ? (
        <Link
          to={href(mine.route)}
          className={`${styles.me} ${mine.key === active ? styles.meSelected : ''}`}
          aria-label={mine.label(t)}
          aria-current={mine.key === active ? 'page' : undefined}
          data-testid={`rail-${mine.key}`}
        >
          <Avatar
            name={name}
            src={me?.avatar}
            seed={me?.user_id}
            size={36}
            round={Boolean(me?.setting?.avatarCricle)}
          />
        </Link>
      ) : null}
      {sections
        .filter((s) => !s.avatar)
        .map((s) => (
          <RailItem key={s.key} section={s} selected={s.key === active} />
        ))}
    </nav>
  );
}

function RailItem({ section: s, selected }: { section: Section; selected: boolean }) {
  const { t } = useTranslation();
  const label = s.label(t);
  return (
    <Link
      to={href(s.route)}
      className={`${styles.item} ${selected ? styles.selected : ''}`}
      aria-current={selected ? 'page' : undefined}
      data-testid={`rail-${s.key}`}
    >
      <span className={styles.icon}>
        <s.Icon size={24} filled={selected} />
        {s.useBadge ? <RailBadge useCount={s.useBadge} useDot={s.useDot} testId={`rail-${s.key}-badge`} /> : null}
      </span>
      <span className={styles.label}>{label}</span>
    </Link>
  );
}

const noDot = () => false;

function RailBadge({
  useCount,
  useDot = noDot,
  testId,
}: {
  useCount: () => number;
  useDot?: () => boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const count = useCount();
  const dot = useDot();
  if (count <= 0) return dot ? <span className={styles.dot} data-testid={`${testId}-dot`} /> : null;
  return (
    <span className={styles.badge} aria-label={t('tabs.unread', { count })} data-testid={testId}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
