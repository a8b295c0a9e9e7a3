import { useState } from 'react';
import styles from '../../Admin.module.css';
import { adminApi } from '../../api';
import { at } from '../../i18n';
import { Field, Outcome, reason, type Draft, type FieldKind } from './fields';

/** The OpenID Connect half of §19's `sso` settings, in the order an administrator fills them in. */
const FIELDS: [string, FieldKind][] = [
  ['status', 'flag'],
  ['issuer', 'text'],
  ['clientId', 'text'],
  ['clientSecret', 'secret'],
  ['buttonText', 'text'],
  ['scopes', 'text'],
  ['accountClaim', 'text'],
  ['nameClaim', 'text'],
  ['emailClaim', 'text'],
  ['autoCreate', 'flag'],
];

/**
 * The OIDC form: saved as `sso.oidc` (the secret shows as ******, which keeps it), and "test the
 * connection", which fetches the form's discovery document unsaved and says what failed in words,
 * or the redirect URI to register at the provider.
 */
export function OidcForm({ value, onSaved }: { value: Draft; onSaved(): void }) {
  const [draft, setDraft] = useState<Draft>(value);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const save = async () => {
    setBusy(true);
    await adminApi.setConfig('sso', { oidc: draft }).then(onSaved, () => undefined);
    setBusy(false);
  };
  const test = async () => {
    setBusy(true);
    setOutcome(undefined);
    try {
      const r = await adminApi.testOidc(draft);
      setOutcome({ ok: true, text: at('sso.oidc.testOk', { issuer: r.issuer, redirect: r.redirect_uri }) });
    } catch (err) {
      setOutcome({ ok: false, text: reason(err) });
    }
    setBusy(false);
  };
  return (
    <section aria-labelledby="sso-oidc-title" data-testid="sso-oidc">
      <h3 id="sso-oidc-title" className={styles.subhead}>
        {at('sso.oidc.title')}
      </h3>
      <div className={styles.form}>
        {FIELDS.map(([name, kind]) => (
          <Field key={name} form="oidc" name={name} kind={kind} draft={draft} onChange={setDraft} />
        ))}
      </div>
      <div className={styles.toolbar} style={{ marginTop: 12 }}>
        <button
          type="button"
          className={`${styles.btn} ${styles.primary}`}
          disabled={busy}
          onClick={() => void save()}
          data-testid="oidc-save"
        >
          {at('save')}
        </button>
        <button
          type="button"
          className={styles.btn}
          disabled={busy}
          onClick={() => void test()}
          data-testid="oidc-test"
        >
          {at('sso.test')}
        </button>
      </div>
      {outcome ? <Outcome {...outcome} testId="oidc-outcome" /> : null}
    </section>
  );
}
