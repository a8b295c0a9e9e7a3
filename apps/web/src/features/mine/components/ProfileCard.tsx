import { useTranslation } from 'react-i18next';
import type { SelfInfo } from '@parley/protocol';
import { Avatar } from '../../../ui/Avatar';
import styles from './ProfileCard.module.css';

/** Avatar, name and account at the top of settings. */
export function ProfileCard({ user }: { user: Pick<SelfInfo, 'user_id' | 'account' | 'realname' | 'displayName' | 'avatar'> }) {
  const { t } = useTranslation();
  const name = user.displayName || user.realname || user.account;
  return (
    <section className={styles.card} data-testid="profile-card">
      <Avatar name={name} src={user.avatar} seed={user.user_id} size={64} />
      <div className={styles.text}>
        <p className={styles.name}>{name}</p>
        <p className={styles.account}>{t('mine.accountLabel', { account: user.account })}</p>
      </div>
    </section>
  );
}
