import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSystemInfo } from '../../system/api';
import { useLogin } from '../api';
import styles from '../screens/auth.module.css';

/** The reasons the callback may give (PROTOCOL §19 `?sso_error=sso.<reason>`); others read as `failed`. */
const reasons = [
  'failed',
  'disabledUser',
  'notConfigured',
  'stateInvalid',
  'unreachable',
  'denied',
  'tokenInvalid',
  'noAccount',
] as const;
type Reason = (typeof reasons)[number];
const reasonOf = (key: string): Reason => reasons.find((r) => `sso.${r}` === key) ?? 'failed';

/**
 * Single sign-on on the login screen (PROTOCOL §19): a button per provider of `getSystemInfo.sso`
 * (a plain link: the browser goes to the provider and back), the one-time `?sso=` code traded for
 * a session once, and `?sso_error=` in words.
 */
export function SsoSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { info } = useSystemInfo();
  const login = useLogin();
  const code = params.get('sso');
  const errorKey = params.get('sso_error');
  const traded = useRef(false);

  useEffect(() => {
    if (!code || traded.current) return;
    // Once: the code is single-use, and a reload must not send it again.
    traded.current = true;
    setParams({}, { replace: true });
    login.mutate({ token: code }, { onSuccess: onSignedIn });
  }, [code, login, onSignedIn, setParams]);

  const buttons = info.sso ?? [];
  return (
    <div className={styles.sso}>
      {errorKey ? (
        <p role="alert" className={styles.ssoError} data-testid="sso-error">
          {t(`sso.errors.${reasonOf(errorKey)}`)}
        </p>
      ) : null}
      {login.isPending ? (
        <p role="status" className={styles.ssoStatus}>
          {t('sso.signingIn')}
        </p>
      ) : null}
      {buttons.map((b) => (
        <a key={b.url} href={b.url} className={styles.ssoButton} data-testid="sso-button">
          {t('sso.signInWith', { name: b.name })}
        </a>
      ))}
      {buttons.length > 0 ? <p className={styles.ssoOr}>{t('sso.or')}</p> : null}
    </div>
  );
}
