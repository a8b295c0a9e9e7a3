import { useState } from 'react';
import styles from '../../Admin.module.css';
import { adminApi } from '../../api';
import { at } from '../../i18n';
import { Field, Outcome, reason, type Draft, type FieldKind } from './fields';
import { LastSync } from './LastSync';

/** The LDAP half of §19's `sso` settings, in the order an administrator fills them in. */
const FIELDS: [string, FieldKind][] = [
  ['status', 'flag'],
  ['url', 'text'],
  ['bindDN', 'text'],
  ['bindPassword', 'secret'],
  ['baseDN', 'text'],
  ['userFilter', 'text'],
  ['accountAttr', 'text'],
  ['nameAttr', 'text'],
  ['emailAttr', 'text'],
  ['syncHours', 'number'],
  ['depFromOU', 'flag'],
  ['login', 'flag'],
];

/**
 * The LDAP form: saved as `sso.ldap` (the bind password shows as ******, which keeps it); "test
 * the connection" binds and counts the people the form's filter finds, unsaved; "sync now" runs
 * the saved settings' sync, whose result shows with the last one of any node.
 */
export function LdapForm({ value, onSaved }: { value: Draft; onSaved(): void }) {
  const [draft, setDraft] = useState<Draft>(value);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const [synced, setSynced] = useState(0);
  const run = async (fn: () => Promise<string>) => {
    setBusy(true);
    setOutcome(undefined);
    try {
      setOutcome({ ok: true, text: await fn() });
    } catch (err) {
      setOutcome({ ok: false, text: reason(err) });
    }
    setBusy(false);
  };
  const save = async () => {
    setBusy(true);
    await adminApi.setConfig('sso', { ldap: draft }).then(onSaved, () => undefined);
    setBusy(false);
  };
  const test = () => run(async () => at('sso.ldap.testOk', { count: (await adminApi.testLdap(draft)).users }));
  const sync = () =>
    run(async () => {
      try {
        return at('sso.ldap.synced', { ...(await adminApi.syncLdap()) });
      } finally {
        setSynced((n) => n + 1);
      }
    });
  return (
    <section aria-labelledby="sso-ldap-title" data-testid="sso-ldap">
      <h3 id="sso-ldap-title" className={styles.subhead}>
        {at('sso.ldap.title')}
      </h3>
      <div className={styles.form}>
        {FIELDS.map(([name, kind]) => (
          <Field key={name} form="ldap" name={name} kind={kind} draft={draft} onChange={setDraft} />
        ))}
      </div>
      <div className={styles.toolbar} style={{ marginTop: 12 }}>
        <button
          type="button"
          className={`${styles.btn} ${styles.primary}`}
          disabled={busy}
          onClick={() => void save()}
          data-testid="ldap-save"
        >
          {at('save')}
        </button>
        <button
          type="button"
          className={styles.btn}
          disabled={busy}
          onClick={() => void test()}
          data-testid="ldap-test"
        >
          {at('sso.test')}
        </button>
        <button
          type="button"
          className={styles.btn}
          disabled={busy}
          onClick={() => void sync()}
          data-testid="ldap-sync"
        >
          {at('sso.ldap.syncNow')}
        </button>
      </div>
      {outcome ? <Outcome {...outcome} testId="ldap-outcome" /> : null}
      <LastSync refresh={synced} />
    </section>
  );
}
