import { useEffect, useState } from 'react';
import { Button, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { friendLimits } from '@parley/protocol';
import styles from './ApplySheet.module.css';

export interface ApplySheetProps {
  visible: boolean;
  /** Prefilled request text ("I am …"). */
  initial: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (remark: string) => void;
}

/** Bottom sheet to write the friend request text (≤ 100 characters, PROTOCOL §7 add). */
export function ApplySheet({ visible, initial, busy, onClose, onSubmit }: ApplySheetProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  // A fresh text each time the sheet opens, set before anyone can type (not after the animation).
  useEffect(() => {
    if (visible) setText(initial);
  }, [visible, initial]);
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName={styles.sheet}>
      <h2 className={styles.title}>{t('contactDetail.applyTitle')}</h2>
      <textarea
        className={styles.input}
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={friendLimits.requestTextMax}
        rows={3}
        placeholder={t('contactDetail.applyPlaceholder')}
        aria-label={t('contactDetail.applyPlaceholder')}
        data-testid="friend-apply-remark"
      />
      <div className={styles.count}>
        {text.length}/{friendLimits.requestTextMax}
      </div>
      <div className={styles.actions}>
        <Button block onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          block
          color="primary"
          loading={busy}
          onClick={() => onSubmit(text.trim())}
          data-testid="friend-apply-submit"
        >
          {t('contactDetail.applySubmit')}
        </Button>
      </div>
    </Popup>
  );
}
