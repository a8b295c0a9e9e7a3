import { useState } from 'react';
import styles from '../../Admin.module.css';
import { adminApi } from '../../api';
import { at } from '../../i18n';
import { FormActions } from '../../FormActions';
import { Field, Outcome, type Draft, type FieldKind } from './fields';
import { LastSync } from './LastSync';
import { useSsoForm } from './use-sso-form';

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
  const { draft, setDraft, busy, outcome, run, save } = useSsoForm('ldap', value, onSaved);
  const [synced, setSynced] = useState(0);
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
      <FormActions
        busy={busy}
        actions={[
          { label: at('save'), onClick: save, testId: 'ldap-save', primary: true },
          { label: at('sso.test'), onClick: test, testId: 'ldap-test' },
          { label: at('sso.ldap.syncNow'), onClick: sync, testId: 'ldap-sync' },
        ]}
      />
      {outcome ? <Outcome {...outcome} testId="ldap-outcome" /> : null}
      <LastSync refresh={synced} />
    </section>
  );
}
