import styles from '../../Admin.module.css';
import { adminApi } from '../../api';
import { at } from '../../i18n';
import { FormActions } from '../../FormActions';
import { Field, Outcome, type Draft, type FieldKind } from './fields';
import { useSsoForm } from './use-sso-form';

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
  const { draft, setDraft, busy, outcome, run, save } = useSsoForm('oidc', value, onSaved);
  const test = () =>
    run(async () => {
      const r = await adminApi.testOidc(draft);
      return at('sso.oidc.testOk', { issuer: r.issuer, redirect: r.redirect_uri });
    });
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
      <FormActions
        busy={busy}
        actions={[
          { label: at('save'), onClick: save, testId: 'oidc-save', primary: true },
          { label: at('sso.test'), onClick: test, testId: 'oidc-test' },
        ]}
      />
      {outcome ? <Outcome {...outcome} testId="oidc-outcome" /> : null}
    </section>
  );
}
