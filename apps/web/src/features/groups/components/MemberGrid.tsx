import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../ui/Avatar';
import styles from './MemberGrid.module.css';
import { EmojiText } from '../../../ui/emoji/EmojiText';

export interface GridMember {
  user_id: number;
  name: string;
  avatar?: string;
}

export interface MemberGridProps {
  members: GridMember[];
  onOpen(userId: number): void;
  /** Shown when I may invite (or, for a person, start a group with them). */
  onInvite?: () => void;
  /** Shown to the owner and managers. */
  onRemove?: () => void;
  round?: boolean;
}

/** Avatars with names, then "+" and "−" (WeChat chat info). */
export function MemberGrid({ members, onOpen, onInvite, onRemove, round }: MemberGridProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.grid} data-testid="detail-members">
      {members.map((m) => (
        <button
          key={m.user_id}
          type="button"
          className={styles.cell}
          onClick={() => onOpen(m.user_id)}
          data-testid="detail-member"
          data-id={m.user_id}
        >
          <Avatar src={m.avatar} name={m.name} seed={m.user_id} size={48} round={round} />
          <span className={styles.name}>
            <EmojiText text={m.name} />
          </span>
        </button>
      ))}
      {onInvite ? (
        <button
          type="button"
          className={styles.cell}
          onClick={onInvite}
          data-testid="detail-invite"
          aria-label={t('groups.detail.invite')}
        >
          <span className={styles.square}>+</span>
          <span className={styles.name}>{t('groups.detail.invite')}</span>
        </button>
      ) : null}
      {onRemove ? (
        <button
          type="button"
          className={styles.cell}
          onClick={onRemove}
          data-testid="detail-remove"
          aria-label={t('groups.detail.remove')}
        >
          <span className={styles.square}>−</span>
          <span className={styles.name}>{t('groups.detail.remove')}</span>
        </button>
      ) : null}
    </div>
  );
}
