import { CallType } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { startCall } from '../../../calls/controller';
import { useConversation } from '../../../../state/conversations/api';
import { callRecordView, protocolLang } from './call-record';
import styles from './CallBody.module.css';
import type { BodyProps } from '../../../../state/messages/types';

function PhoneIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z" />
    </svg>
  );
}

function CameraIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M4 6h11a2 2 0 0 1 2 2v1.5l4-2.5v10l-4-2.5V16a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2z" />
    </svg>
  );
}

/**
 * A call record: a phone or camera and how the call went ("Call duration 00:07"), in the
 * reader's language. Tapping it calls the other party back with the same medium.
 */
export function CallBody({ msg, mine, senderName }: BodyProps) {
  const { t, i18n } = useTranslation();
  const view = callRecordView(msg, mine, protocolLang(i18n.resolvedLanguage ?? i18n.language));
  const contact = useConversation(String(view.peerId));
  const video = view.type === CallType.video;

  function callBack() {
    if (!view.peerId) return;
    const name = contact?.displayName || (!mine ? senderName : '') || String(view.peerId);
    const avatar = contact?.avatar || (!mine ? (msg.fromUser?.avatar ?? '') : '');
    startCall({ id: view.peerId, name, avatar }, view.type);
  }

  return (
    <button
      type="button"
      className={`${styles.record} ${mine ? styles.mine : ''}`}
      onClick={callBack}
      aria-label={t(video ? 'callRecord.callBackVideo' : 'callRecord.callBackVoice', { text: view.text })}
      data-testid="call-record"
      data-call-type={view.type}
    >
      {video ? <CameraIcon /> : <PhoneIcon />}
      <span>{view.text}</span>
    </button>
  );
}
