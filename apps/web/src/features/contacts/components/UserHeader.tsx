import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../ui/Avatar';
import type { UserCard } from '../types';
import styles from './UserHeader.module.css';
import { EmojiText } from '../../../ui/emoji/EmojiText';

/** Avatar, shown name, real name when a remark hides it, and the account as the server masks it. */
export function UserHeader({ user, round }: { user: UserCard; round: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={styles.head}>
      <Avatar src={user.avatar} name={user.displayName} seed={user.user_id} size={64} round={round} />
      <div className={styles.text}>
        <div className={styles.name} data-testid="detail-name">
          <EmojiText text={user.displayName} />
          {user.is_online ? <span className={styles.online}>{t('contacts.online')}</span> : null}
        </div>
        {user.realname && user.realname !== user.displayName ? (
          <div className={styles.sub}>{t('contactDetail.realname', { name: user.realname })}</div>
        ) : null}
        <div className={styles.sub} data-testid="detail-account">
          {t('contactDetail.account', { account: user.account })}
        </div>
      </div>
    </div>
  );
}
