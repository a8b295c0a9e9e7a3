import { useTranslation } from 'react-i18next';
import type { SelfInfo } from '@parley/protocol';
import { Avatar } from '../../../ui/Avatar';
import styles from './ProfileCard.module.css';

type CardUser = Pick<SelfInfo, 'user_id' | 'account' | 'realname' | 'displayName' | 'avatar'> & { motto?: string };

/** Avatar, name, account and motto at the top of Me; the whole card opens my profile. */
export function ProfileCard({ user, onOpen, extra }: { user: CardUser; onOpen?: () => void; extra?: React.ReactNode }) {
  const { t } = useTranslation();
  const name = user.displayName || user.realname || user.account;
  const body = (
    <>
      <Avatar name={name} src={user.avatar} seed={user.user_id} size={64} />
      <div className={styles.text}>
        <p className={styles.name} data-testid="profile-card-name">
          {name}
        </p>
        <p className={styles.account}>{t('mine.accountLabel', { account: user.account })}</p>
        {user.motto !== undefined ? (
          <p className={styles.motto} data-testid="profile-card-motto">
            {user.motto || t('me.mottoEmpty')}
          </p>
        ) : null}
      </div>
    </>
  );
  return onOpen ? (
    <section className={styles.card} data-testid="profile-card">
      <button type="button" className={styles.button} onClick={onOpen} data-testid="profile-card-open">
        {body}
      </button>
      {extra}
    </section>
  ) : (
    <section className={styles.card} data-testid="profile-card">
      {body}
      {extra}
    </section>
  );
}
