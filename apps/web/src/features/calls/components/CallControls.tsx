import { useTranslation } from 'react-i18next';
import { CallType } from '@parley/protocol';
import { needsAction } from '../machine';
import {
  acceptCall,
  declineCall,
  dismissCall,
  hangUpCall,
  switchCamera,
  toggleCamera,
  toggleMic,
  type CallView,
} from '../controller';
import { CallButton } from './CallButton';
import { CameraIcon, FlipIcon, MicIcon, PhoneIcon, SpeakerIcon } from './icons';
import styles from './CallControls.module.css';

export interface SpeakerControl {
  available: boolean;
  on: boolean;
  toggle(): void;
}

/**
 * The buttons of each phase: accept/decline while ringing here; mute, camera, flip, speaker and
 * the red button (cancel before the answer, hang up after) otherwise; none once it ended.
 */
export function CallControls({ view, speaker }: { view: CallView; speaker: SpeakerControl }) {
  const { t } = useTranslation();
  const { state, mic, camera, cameras } = view;
  if (needsAction(state)) {
    return (
      <div className={styles.row}>
        <button type="button" className={styles.ok} onClick={dismissCall} data-testid="call-close">
          {t('common.ok')}
        </button>
      </div>
    );
  }
  if (state.phase === 'idle' || state.phase === 'ended') return null;
  if (state.phase === 'incoming') {
    return (
      <div className={styles.row}>
        <CallButton
          label={t('calls.controls.decline')}
          tone="danger"
          icon={<PhoneIcon down />}
          onClick={declineCall}
          testId="call-decline"
        />
        <CallButton
          label={t('calls.controls.accept')}
          tone="accept"
          icon={<PhoneIcon />}
          onClick={acceptCall}
          testId="call-accept"
        />
      </div>
    );
  }
  const video = state.call.type === CallType.video;
  const ringing = state.phase === 'outgoing';
  const hasLocal = view.local !== null;
  // Voice calls keep it beside the red button (mic · hang up · speaker), video calls above.
  const speakerButton = speaker.available ? (
    <CallButton
      label={t('calls.controls.speaker')}
      icon={<SpeakerIcon />}
      pressed={speaker.on}
      onClick={speaker.toggle}
      testId="call-speaker"
    />
  ) : null;
  return (
    <div className={styles.controls}>
      {video && (cameras > 1 || speaker.available) ? (
        <div className={styles.row}>
          {cameras > 1 ? (
            <CallButton
              label={t('calls.controls.switchCamera')}
              icon={<FlipIcon />}
              onClick={switchCamera}
              disabled={!camera}
              testId="call-switch-camera"
            />
          ) : null}
          {speakerButton}
        </div>
      ) : null}
      <div className={styles.row}>
        <CallButton
          label={mic ? t('calls.controls.micOn') : t('calls.controls.micOff')}
          icon={<MicIcon off={!mic} />}
          pressed={mic}
          onClick={toggleMic}
          disabled={!hasLocal}
          testId="call-mic"
        />
        <CallButton
          label={ringing ? t('calls.controls.cancel') : t('calls.controls.hangUp')}
          tone="danger"
          icon={<PhoneIcon down />}
          onClick={hangUpCall}
          testId="call-hangup"
        />
        {video ? (
          <CallButton
            label={camera ? t('calls.controls.cameraOn') : t('calls.controls.cameraOff')}
            icon={<CameraIcon off={!camera} />}
            pressed={camera}
            onClick={toggleCamera}
            disabled={!hasLocal}
            testId="call-camera"
          />
        ) : (
          speakerButton
        )}
      </div>
    </div>
  );
}
