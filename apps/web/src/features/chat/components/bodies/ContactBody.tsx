import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { href } from '../../../../nav/routes';
import { Avatar } from '../../../../ui/Avatar';
import { cardOf } from '../../../cards/model';
import { PlainBody } from './PlainBody';
import styles from './ContactBody.module.css';
import frame from './ShareCard.module.css';
import type { BodyProps } from '../../../../state/messages/types';
import { EmojiText } from '../../../../ui/emoji/EmojiText';

/** A contact card (PROTOCOL §4.2): avatar, name and "Contact card"; a tap opens their card. */
export function ContactBody(p: BodyProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const card = cardOf(p.msg.extends);
  if (!card) return <PlainBody {...p} />;
  return (
    <button
      type="button"
      className={frame.card}
      onClick={() => void navigate(href('contactDetail', { id: card.id }))}
      aria-label={t('share.cards.open', { name: card.displayName })}
      data-testid="contact-card"
      data-id={card.id}
    >
      <span className={styles.who}>
        <Avatar src={card.avatar || undefined} name={card.displayName} seed={card.id} size={44} />
        <span className={styles.name}>
          <EmojiText text={card.displayName} />
        </span>
      </span>
      <span className={styles.footer}>{t('share.cards.footer')}</span>
    </button>
  );
}
