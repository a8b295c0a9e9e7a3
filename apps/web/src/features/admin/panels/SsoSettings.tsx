import { defaultSsoSettings } from '@parley/protocol';
import styles from '../Admin.module.css';
import { at } from '../i18n';
import { type Draft } from './sso/fields';
import { LdapForm } from './sso/LdapForm';
import { OidcForm } from './sso/OidcForm';
import './sso/i18n';

/**
 * The "Single sign-on" tab of the settings (PROTOCOL §19): the OpenID Connect form and the LDAP
 * directory form, each saved on its own, as `getAllConfig` shows `sso` (secrets as ******).
 */
export default function SsoSettings({ value, onSaved }: { value: Record<string, unknown>; onSaved(): void }) {
  const oidc = { ...defaultSsoSettings.oidc, ...(value.oidc as Draft | undefined) } as Draft;
  const ldap = { ...defaultSsoSettings.ldap, ...(value.ldap as Draft | undefined) } as Draft;
  return (
    <>
      <p className={styles.muted}>{at('sso.intro')}</p>
      <OidcForm value={oidc} onSaved={onSaved} />
      <LdapForm value={ldap} onSaved={onSaved} />
    </>
  );
}
