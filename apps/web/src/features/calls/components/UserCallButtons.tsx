import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useCallActions } from '../use-call-peer';
import type { CallPeer } from '../machine';
import { CameraIcon, PhoneIcon } from './icons';
import styles from './UserCallButtons.module.css';

/** "Voice call" / "Video call" on someone's card (when calls are on and I may reach them). */
export function UserCallButtons({ peer }: { peer: CallPeer }) {
  const { t } = useTranslation();
  const actions = useCallActions(peer);
  if (!actions) return null;
  return (
    <div className={styles.row}>
      <Button block fill="outline" onClick={actions.voice} data-testid="detail-voice-call">
        <span className={styles.label}>
          <PhoneIcon size={18} />
          {t('calls.voiceCall')}
        </span>
      </Button>
      <Button block fill="outline" onClick={actions.video} data-testid="detail-video-call">
        <span className={styles.label}>
          <CameraIcon size={20} />
          {t('calls.videoCall')}
        </span>
      </Button>
    </div>
  );
}
