import type { LdapSyncStatus } from '@parley/protocol';
import { useEffect, useState } from 'react';
import styles from '../../Admin.module.css';
import { adminApi } from '../../api';
import { at } from '../../i18n';

const when = (s: number) => new Date(s * 1000).toLocaleString();

/** The directory's last sync (any node's, scheduled or not) and the next scheduled one. */
export function LastSync({ refresh }: { refresh: number }) {
  const [status, setStatus] = useState<LdapSyncStatus>();
  useEffect(() => {
    let live = true;
    adminApi.ldapStatus().then(
      (s) => live && setStatus(s),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [refresh]);
  if (!status) return null;
  const last =
    status.time === 0
      ? at('sso.ldap.never')
      : status.ok === 1 && status.result
        ? at('sso.ldap.lastOk', { time: when(status.time), ...status.result })
        : at('sso.ldap.lastFailed', { time: when(status.time), error: status.error });
  return (
    <p className={styles.muted} data-testid="ldap-last-sync">
      {last}
      {status.next ? ` · ${at('sso.ldap.next', { time: when(status.next) })}` : ''}
    </p>
  );
}
