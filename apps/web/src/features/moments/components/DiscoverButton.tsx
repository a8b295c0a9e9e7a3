import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { href } from '../../../nav/routes';
import { useMomentsUnread } from '../api';
import { CompassIcon } from './icons';
import styles from './Discover.module.css';

/** Home's top-bar entry to Discover; a red dot while Moments has something new. */
export function DiscoverButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unread = useMomentsUnread();
  const dot = Boolean(unread.data && (unread.data.count > 0 || unread.data.newPost));
  return (
    <button
      type="button"
      className={styles.topButton}
      aria-label={t('moments.discover.open')}
      onClick={() => void navigate(href('discover'))}
      data-testid="home-discover"
      // Whether there is news once it is known, so "no dot" can be told from "not loaded yet".
      data-news={unread.data ? (dot ? '1' : '0') : undefined}
    >
      <CompassIcon size={24} />
      {dot ? <span className={styles.dot} data-testid="discover-dot" /> : null}
    </button>
  );
}
