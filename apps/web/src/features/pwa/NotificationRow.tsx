import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { useAuth } from '../../state/auth';
import { ListRow } from '../../ui/ListRow';
import { dialogs } from '../../ui/dialogs';
import { askNotifications, usePermission } from './permission';
import { deviceNotifyOn, setDeviceNotify } from './system-notify';
import { unsubscribePush } from './push';
import styles from './NotificationRow.module.css';

/** Me → Settings: system notifications on this device, and why they are off when refused. */
export function NotificationRow() {
  const { t } = useTranslation();
  const perm = usePermission((s) => s.value);
  const [deviceOn, setDeviceOn] = useState(deviceNotifyOn);
  // Chosen in another browser of mine (notify-sync.ts): the row tells the new choice.
  const accountChoice = useAuth((s) => s.userInfo?.setting?.notify);
  useEffect(() => setDeviceOn(deviceNotifyOn()), [accountChoice]);
  const on = perm === 'granted' && deviceOn;
  const state = perm === 'unsupported' ? 'rowUnsupported' : perm === 'denied' ? 'rowDenied' : on ? 'rowOn' : 'rowOff';

  const toggle = async () => {
    if (perm === 'unsupported') return;
    if (on) {
      setDeviceNotify(false);
      setDeviceOn(false);
      void unsubscribePush();
      dialogs.toast(t('pwa.notify.disabled'));
      return;
    }
    const result = await askNotifications();
    setDeviceOn(deviceNotifyOn());
    void result;
  };

  return (
    <>
      <ListRow
        label={t('pwa.notify.rowTitle')}
        extra={<span data-state={state}>{t(`pwa.notify.${state}`)}</span>}
        onClick={() => void toggle()}
        testId="setting-notify"
      />
      {perm === 'denied' ? (
        <p className={styles.hint} role="note" data-testid="notify-denied">
          {t('pwa.notify.denied')}
        </p>
      ) : null}
    </>
  );
}
