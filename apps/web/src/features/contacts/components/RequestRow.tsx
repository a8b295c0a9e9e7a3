import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../ui/Avatar';
import { Tag } from '../../../ui/Tag';
import { relativeTime } from '../../../lib/format/time';
import { otherSide } from '../friend-requests';
import { FriendStatus, type FriendRequest } from '../types';
import styles from './RequestRow.module.css';
import listRow from '../../../ui/ListRow.module.css';
import { EmojiText } from '../../../ui/emoji/EmojiText';

export interface RequestRowProps {
  row: FriendRequest;
  /** A request I sent (shows the addressee and a status only). */
  mine: boolean;
  now: number;
  busy: boolean;
  onOpen: (userId: number) => void;
  onAnswer: (row: FriendRequest, status: 0 | 1) => void;
}

/** One friend request: who, what they wrote, when, and accept / refuse or where it stands. */
export function RequestRow({ row, mine, now, busy, onOpen, onAnswer }: RequestRowProps) {
  const { t } = useTranslation();
  const who = otherSide(row, mine);
  const userId = mine ? row.friend_user_id : row.create_user;
  const pending = row.status === FriendStatus.pending;
  const name = who.displayName || who.realname;

  let trailing;
  if (pending && !mine) {
    trailing = (
      <span className={styles.buttons}>
        <button
          type="button"
          className={styles.refuse}
          disabled={busy}
          onClick={() => onAnswer(row, 0)}
          data-testid="friend-refuse"
        >
          {t('friendRequests.refuse')}
        </button>
        <button
          type="button"
          className={styles.accept}
          disabled={busy}
          onClick={() => onAnswer(row, 1)}
          data-testid="friend-accept"
        >
          {t('friendRequests.accept')}
        </button>
      </span>
    );
  } else if (pending) {
    trailing = <Tag tone="warning">{t('friendRequests.waiting')}</Tag>;
  } else if (row.status === FriendStatus.accepted) {
    trailing = <Tag tone="brand">{t('friendRequests.accepted')}</Tag>;
  } else {
    trailing = <Tag tone="neutral">{t('friendRequests.refused')}</Tag>;
  }

  return (
    <li className={styles.row} data-testid="friend-request" data-id={row.friend_id} data-status={row.status}>
      <button type="button" className={styles.who} onClick={() => onOpen(userId)}>
        <Avatar src={who.avatar} name={name} seed={userId} size={40} />
        <span className={listRow.stack}>
          <span className={styles.name}>
            <EmojiText text={name} />
          </span>
          <span className={styles.remark}>{row.remark || (mine ? '' : t('friendRequests.noText'))}</span>
        </span>
      </button>
      <span className={styles.side}>
        <time className={styles.time}>{relativeTime(row.create_time, now, t('time', { returnObjects: true }))}</time>
        {trailing}
      </span>
    </li>
  );
}
