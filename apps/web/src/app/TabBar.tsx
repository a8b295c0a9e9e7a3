import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChatIcon, ContactsIcon } from '../ui/icons';
import { href } from '../nav/routes';
import styles from './TabBar.module.css';

export interface TabBarProps {
  active: 0 | 1;
  /** Unread count for the home tab badge; 0 hides it. */
  unread?: number;
  /** Pending friend requests and system messages on the contacts tab; 0 hides it. */
  contactsBadge?: number;
}

/** Bottom tab bar of spec §2: home and address book, only on those two pages. */
export function TabBar({ active, unread = 0, contactsBadge = 0 }: TabBarProps) {
  const { t } = useTranslation();
  const tabs = [
    { key: 'home', to: href('home'), label: t('tabs.home'), Icon: ChatIcon, badge: unread },
    { key: 'contacts', to: href('contacts'), label: t('tabs.contacts'), Icon: ContactsIcon, badge: contactsBadge },
  ] as const;
  return (
    <nav className={styles.bar} aria-label={t('routes.home')}>
      {tabs.map((tab, i) => {
        const selected = i === active;
        return (
          <Link
            key={tab.key}
            to={tab.to}
            replace
            className={`${styles.item} ${selected ? styles.selected : ''}`}
            aria-current={selected ? 'page' : undefined}
            data-testid={`tabbar-${tab.key}`}
          >
            <span className={styles.icon}>
              <tab.Icon size={24} filled={selected} />
              {tab.badge > 0 ? (
                <span
                  className={styles.badge}
                  aria-label={t('tabs.unread', { count: tab.badge })}
                  data-testid={`tabbar-${tab.key}-badge`}
                >
                  {tab.badge > 99 ? '99+' : tab.badge}
                </span>
              ) : null}
            </span>
            <span className={styles.label}>{tab.label}</span>
          </Link>
        );
      })}
    </nav>
  );
}
