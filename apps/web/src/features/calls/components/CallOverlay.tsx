import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../ui/Avatar';
import type { CallState } from '../machine';
import type { CallView } from '../controller';
import { useCallStatus } from '../use-call-status';
import { CallControls } from './CallControls';
import styles from './CallOverlay.module.css';

const noSpeaker = { available: false, on: false, toggle: () => undefined };

/**
 * The ringing screen over whatever page is open (and, for a moment, how a call ended when its
 * page is not on screen): the caller's avatar and name, what they ask for, decline / accept.
 */
export function CallOverlay({
  view,
  round,
}: {
  view: CallView & { state: Exclude<CallState, { phase: 'idle' }> };
  round: boolean;
}) {
  const { t } = useTranslation();
  const { call } = view.state;
  const status = useCallStatus(view.state);
  const box = useRef<HTMLDivElement>(null);
  const ringing = view.state.phase === 'incoming';

  // Keyboard users land on the call, not behind it.
  useEffect(() => {
    if (ringing) box.current?.querySelector<HTMLButtonElement>('[data-testid="call-accept"]')?.focus();
  }, [ringing]);

  return (
    <div
      ref={box}
      className={styles.overlay}
      role={ringing ? 'alertdialog' : 'status'}
      aria-modal={ringing ? true : undefined}
      aria-label={t('calls.incomingLabel', { name: call.peer.name })}
      data-testid="call-overlay"
      data-phase={view.state.phase}
    >
      <div className={styles.info}>
        <Avatar src={call.peer.avatar} name={call.peer.name} seed={call.peer.id} size={88} round={round} />
        <h2 className={styles.name} data-testid="call-overlay-name">
          {call.peer.name}
        </h2>
        <p className={styles.status} data-testid="call-overlay-status">
          {status}
        </p>
      </div>
      <div className={styles.bottom}>
        <CallControls view={view} speaker={noSpeaker} />
      </div>
    </div>
  );
}
