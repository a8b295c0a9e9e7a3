import { useState } from 'react';
import { dialogs } from '../../../ui/dialogs';
import { QrCanvas } from '../../qrcode/components/QrCanvas';
import { adminApi } from '../api';
import { at } from '../i18n';
import styles from '../Admin.module.css';

/** Invite links (§12.3 getInviteLink): single use, 2 days; copy or show as a QR code. */
export default function Invites() {
  const [url, setUrl] = useState('');
  const create = async () => setUrl(await adminApi.inviteLink().catch(() => ''));
  const copy = async () => {
    await navigator.clipboard?.writeText(url).then(
      () => dialogs.toast(at('invite.copied'), { icon: 'success' }),
      () => undefined,
    );
  };
  return (
    <div className={styles.card}>
      <p className={styles.muted}>
        {at('invite.hint')} {at('invite.current')}
      </p>
      <div className={styles.toolbar}>
        <button
          type="button"
          className={`${styles.btn} ${styles.primary}`}
          onClick={() => void create()}
          data-testid="invite-create"
        >
          {at('invite.create')}
        </button>
      </div>
      {url ? (
        <div className={styles.inviteBox}>
          <QrCanvas text={url} size={160} label={url} />
          <div>
            <div className={styles.inviteUrl} data-testid="invite-url">
              {url}
            </div>
            <button type="button" className={styles.btn} style={{ marginTop: 8 }} onClick={() => void copy()}>
              {at('invite.copy')}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
