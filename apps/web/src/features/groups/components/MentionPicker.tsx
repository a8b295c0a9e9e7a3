import { useTranslation } from 'react-i18next';
import { Popup } from 'antd-mobile';
import { Avatar } from '../../../ui/Avatar';
import { EVERYONE, type Mention } from '../mentions';
import styles from './MemberList.module.css';

export interface MentionOption extends Mention {
  avatar?: string;
}

/** The member list that "@" opens; "Everyone" (id 0) is offered to owner and managers only. */
export function MentionPicker({
  options,
  onPick,
  onClose,
}: {
  options: MentionOption[];
  onPick(m: Mention): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <Popup
      visible
      onMaskClick={onClose}
      bodyStyle={{ maxHeight: '60vh', overflow: 'auto', borderRadius: '12px 12px 0 0' }}
    >
      <div role="listbox" aria-label={t('groups.mention.title')} data-testid="mention-picker">
        <h2 style={{ margin: 0, padding: '14px 16px 6px', fontSize: 15, color: 'var(--text-2)' }}>
          {t('groups.mention.title')}
        </h2>
        {options.map((o) => (
          <button
            key={o.id}
            type="button"
            role="option"
            aria-selected={false}
            className={styles.row}
            onClick={() => onPick(o)}
            data-testid="mention-option"
            data-id={o.id}
          >
            <Avatar src={o.avatar} name={o.id === EVERYONE ? '@' : o.name} seed={o.id} size={36} />
            <span className={styles.main}>{o.id === EVERYONE ? t('groups.mention.everyone') : o.name}</span>
          </button>
        ))}
      </div>
    </Popup>
  );
}
