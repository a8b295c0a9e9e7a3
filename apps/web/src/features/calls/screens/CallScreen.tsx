import { useTranslation } from 'react-i18next';
import { CallType } from '@parley/protocol';
import { Page } from '../../../nav/Page';
import { Avatar } from '../../../ui/Avatar';
import { EmptyState } from '../../../ui/EmptyState';
import { useAuth } from '../../../state/auth';
import { useCall } from '../controller';
import { CallControls } from '../components/CallControls';
import { LocalPreview } from '../components/LocalPreview';
import { MediaView } from '../components/MediaView';
import { useCallStatus } from '../use-call-status';
import { useSpeaker } from '../use-speaker';
import styles from './CallScreen.module.css';

/**
 * `/pages/message/call?msg_id&type&status&id&name&avatar` (spec §2): the call in progress. The
 * page shows what the call machine says; the query only names the call for links and reloads.
 * Video: the peer full screen once connected and my camera in a corner (full screen before);
 * voice: avatars and names. CallHost leaves this page a moment after the call ended.
 */
export default function CallScreen() {
  const { t } = useTranslation();
  const view = useCall();
  const { state, local, remote } = view;
  const status = useCallStatus(state);
  const round = useAuth((s) => Boolean(s.userInfo?.setting?.avatarCricle));
  const live = state.phase === 'connecting' || state.phase === 'inCall';
  const speaker = useSpeaker(live);

  if (state.phase === 'idle') {
    return (
      <Page>
        <EmptyState testId="call-none" text={t('calls.noCall')} />
      </Page>
    );
  }

  const { call } = state;
  const video = call.type === CallType.video;
  const remoteVideo = video && state.phase === 'inCall' && remote !== null;
  const compact = remoteVideo;
  return (
    <div
      className={`${styles.stage} ${video ? styles.videoStage : ''}`}
      data-testid="call-screen"
      data-phase={state.phase}
    >
      {remoteVideo ? (
        <MediaView
          kind="video"
          stream={remote}
          muted
          className={styles.remote}
          label={t('calls.peerVideo', { name: call.peer.name })}
          testId="call-remote-video"
        />
      ) : null}
      {video && local ? <LocalPreview stream={local} full={!remoteVideo} /> : null}
      {remote ? <MediaView kind="audio" stream={remote} sinkId={speaker.sinkId} testId="call-remote-audio" /> : null}
      <div className={compact ? styles.infoCompact : styles.info}>
        {compact ? null : (
          <Avatar src={call.peer.avatar} name={call.peer.name} seed={call.peer.id} size={96} round={round} />
        )}
        <h1 className={styles.name} data-testid="call-peer-name">
          {call.peer.name}
        </h1>
        <p className={styles.status} data-testid="call-status" aria-live={state.phase === 'inCall' ? 'off' : 'polite'}>
          {status}
        </p>
        {state.phase === 'inCall' && view.path ? (
          <p className={styles.path} data-testid="call-path" data-path={view.path}>
            {t('calls.path.label')}: {t(`calls.path.${view.path}`)}
          </p>
        ) : null}
      </div>
      <div className={styles.bottom}>
        <CallControls view={view} speaker={speaker} />
      </div>
    </div>
  );
}
