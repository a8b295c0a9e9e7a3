import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../ui/Avatar';
import type { GroupScanResult } from '../../contacts/types';
import styles from './ScanCards.module.css';
import { EmojiText } from '../../../ui/emoji/EmojiText';

/** The group a scanned code invites to, and the button that joins it. */
export function JoinGroupCard({ group, busy, onJoin }: { group: GroupScanResult; busy: boolean; onJoin: () => void }) {
  const { t } = useTranslation();
  const name = group.displayName || group.name;
  return (
    <div className={styles.card} data-testid="scan-group">
      <Avatar src={group.avatar} name={name} seed={group.id} size={72} />
      <div className={styles.title}>
        <EmojiText text={name} />
      </div>
      <div className={styles.sub}>{t('qrcode.members', { count: group.groupUserCount })}</div>
      <Button block color="primary" loading={busy} onClick={onJoin} data-testid="scan-join-group">
        {t('scan.joinGroup')}
      </Button>
    </div>
  );
}

/** A code that is not Parley's: open it when it is a web address, else show (and copy) the text. */
export function OtherResultCard({ text, isUrl, onRetry }: { text: string; isUrl: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  const copy = () => void navigator.clipboard?.writeText(text).catch(() => {});
  return (
    <div className={styles.card} data-testid="scan-other">
      <div className={styles.sub}>{t('scan.resultTitle')}</div>
      <p className={styles.text}>{text}</p>
      {isUrl ? (
        <Button block color="primary" onClick={() => void window.open(text, '_blank', 'noopener,noreferrer')}>
          {t('scan.openLink')}
        </Button>
      ) : (
        <Button block color="primary" onClick={copy}>
          {t('scan.copyText')}
        </Button>
      )}
      <Button block onClick={onRetry}>
        {t('scan.retry')}
      </Button>
    </div>
  );
}

/** The server refused the code (expired, bad): its own words and a way to try again. */
export function ScanErrorCard({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.card} data-testid="scan-error" role="alert">
      <p className={styles.text}>{message}</p>
      <Button block color="primary" onClick={onRetry} data-testid="scan-retry">
        {t('scan.retry')}
      </Button>
    </div>
  );
}
