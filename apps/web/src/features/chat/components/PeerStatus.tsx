import { useTranslation } from 'react-i18next';
import { useConnection } from '../../../state/connection';

/**
 * The peer's presence under a one-to-one chat's title. Presence comes from our own socket
 * (`is_online` in the contact, kept live by pushes): while we are disconnected it is stale, so
 * the line says we are connecting instead of claiming the peer is online (issue 22).
 */
export function PeerStatus({
  online,
  className = '',
  onlineClassName = '',
}: {
  online: boolean;
  className?: string;
  onlineClassName?: string;
}) {
  const { t } = useTranslation();
  const connected = useConnection((s) => s.status === 'open');
  const state = !connected ? 'connecting' : online ? 'online' : 'offline';
  return (
    <span
      className={`${className} ${state === 'online' ? onlineClassName : ''}`}
      data-testid="chat-online"
      data-state={state}
    >
      {t(`chat.${state}`)}
    </span>
  );
}
