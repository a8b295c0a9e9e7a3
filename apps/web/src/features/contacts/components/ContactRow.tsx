import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../ui/Avatar';
import styles from './ContactRow.module.css';
import listRow from '../../../ui/ListRow.module.css';
import { EmojiText } from '../../../ui/emoji/EmojiText';
import { PersonRowButton } from '../../../ui/PersonRowButton';

export interface ContactRowProps {
  id: number | string;
  name: string;
  avatar?: string;
  /** A second line (account, request text…). */
  subtitle?: string;
  online?: boolean;
  roundAvatar?: boolean;
  testId?: string;
  /** Open beside the list (desktop): highlighted with --bg. */
  selected?: boolean;
  onOpen: () => void;
}

/** 56 px person row with a 40 px avatar and an online dot (DESIGN.md lists). */
export function ContactRow({
  id,
  name,
  avatar,
  subtitle,
  online,
  roundAvatar,
  testId = 'contact-row',
  selected,
  onOpen,
}: ContactRowProps) {
  const { t } = useTranslation();
  return (
    <PersonRowButton id={id} testId={testId} selected={selected} onClick={onOpen}>
      <span className={styles.avatar}>
        <Avatar src={avatar} name={name} seed={id} size={40} round={roundAvatar} />
        {online ? <span className={styles.dot} role="img" aria-label={t('contacts.online')} /> : null}
      </span>
      <span className={listRow.stack}>
        <span className={styles.name}>
          <EmojiText text={name} />
        </span>
        {subtitle ? <span className={styles.sub}>{subtitle}</span> : null}
      </span>
    </PersonRowButton>
  );
}
