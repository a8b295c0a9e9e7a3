import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CodeType } from '@parley/protocol';
import { Page } from '../../../nav/Page';
import { href } from '../../../nav/routes';
import { TextField } from '../../../ui/TextField';
import { LanguageSwitch } from '../../../ui/LanguageSwitch';
import { endpoints } from '../../../lib/endpoints';
import { useSiteName } from '../../system/api';
import { useLogin, useLoginByCode, useResetPassword } from '../api';
import {
  checkCode,
  checkLoginAccount,
  checkLoginPassword,
  checkPassword,
  checkPasswordMatch,
  type ValidationKey,
} from '../validation';
import { AuthHeader } from '../components/AuthHeader';
import { AuthActions } from '../components/AuthActions';
import { SendCodeButton } from '../components/SendCodeButton';
import { SsoSignIn } from '../components/SsoSignIn';
import styles from './auth.module.css';

type Mode = 'password' | 'code' | 'forgot';
type Errors = Partial<Record<'account' | 'password' | 'password2' | 'code', ValidationKey | null>>;

/**
 * Login by password or by an e-mailed code (PROTOCOL §2.4 login `code`), and "forgot password":
 * a code to the account's e-mail, the new password twice, then signed in.
 */
export default function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get('mode') === 'code' ? 'code' : params.get('mode') === 'forgot' ? 'forgot' : 'password';
  const siteName = useSiteName();
  const login = useLogin();
  const byCode = useLoginByCode();
  const reset = useResetPassword();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [code, setCode] = useState('');
  const [submitted, setSubmitted] = useState(false);

  const check = (): Errors => ({
    account: checkLoginAccount(account),
    ...(mode === 'password' ? { password: checkLoginPassword(password) } : {}),
    ...(mode !== 'password' ? { code: checkCode(code, true) } : {}),
    ...(mode === 'forgot'
      ? { password: checkPassword(password), password2: checkPasswordMatch(password, password2) }
      : {}),
  });
  const errors: Errors = submitted ? check() : {};
  const show = (k: keyof Errors) => (errors[k] ? t(errors[k]) : null);

  const switchMode = (next: Mode) => {
    setSubmitted(false);
    setParams(next === 'password' ? {} : { mode: next }, { replace: true });
  };

  // flushSync: the URL and the new screen change together (no frame with one but not the other).
  const goHome = () => void navigate(href('home'), { replace: true, flushSync: true });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.values(check()).some(Boolean)) return;
    const a = account.trim();
    if (mode === 'password') login.mutate({ account: a, password }, { onSuccess: goHome });
    else if (mode === 'code') byCode.mutate({ account: a, code: code.trim() }, { onSuccess: goHome });
    else reset.mutate({ account: a, code: code.trim(), password }, { onSuccess: goHome });
  };

  const sendCode = async () => {
    const a = account.trim();
    if (!a) {
      setSubmitted(true);
      return false;
    }
    await endpoints.sendCode(a, mode === 'forgot' ? CodeType.password : CodeType.login);
    return true;
  };

  const pending = login.isPending || byCode.isPending || reset.isPending;
  const tab = (m: Exclude<Mode, 'forgot'>, label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={mode === m}
      className={`${styles.tab} ${mode === m ? styles.tabOn : ''}`}
      onClick={() => switchMode(m)}
      data-testid={`login-mode-${m}`}
    >
      {label}
    </button>
  );

  return (
    <Page
      back={false}
      right={<LanguageSwitch />}
      surface
      title={mode === 'forgot' ? t('me.login.forgotTitle') : undefined}
    >
      <AuthHeader title={mode === 'forgot' ? t('me.login.forgotHint') : t('auth.welcome', { name: siteName })} />
      {mode !== 'forgot' ? <SsoSignIn onSignedIn={goHome} /> : null}
      {mode !== 'forgot' ? (
        <div className={styles.tabs} role="tablist">
          {tab('password', t('me.login.byPassword'))}
          {tab('code', t('me.login.byCode'))}
        </div>
      ) : null}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField
          label={t('auth.account')}
          placeholder={mode === 'password' ? t('auth.accountPlaceholder') : t('me.login.codeAccountPlaceholder')}
          value={account}
          onChange={setAccount}
          error={show('account')}
          testId="login-account"
          name="account"
          autoComplete="username"
          autoCapitalize="none"
          maxLength={64}
        />
        {mode !== 'password' ? (
          <TextField
            label={t('auth.code')}
            placeholder={t('auth.codePlaceholder')}
            value={code}
            onChange={setCode}
            error={show('code')}
            testId="login-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            suffix={<SendCodeButton key={mode} send={sendCode} testId="login-send-code" />}
          />
        ) : null}
        {mode !== 'code' ? (
          <TextField
            label={mode === 'forgot' ? t('me.secure.newPassword') : t('auth.password')}
            placeholder={t('auth.passwordPlaceholder')}
            type="password"
            value={password}
            onChange={setPassword}
            error={show('password')}
            testId="login-password"
            name="password"
            autoComplete={mode === 'forgot' ? 'new-password' : 'current-password'}
            maxLength={64}
          />
        ) : null}
        {mode === 'forgot' ? (
          <TextField
            label={t('me.secure.newPassword2')}
            placeholder={t('auth.password2Placeholder')}
            type="password"
            value={password2}
            onChange={setPassword2}
            error={show('password2')}
            testId="login-password2"
            autoComplete="new-password"
            maxLength={64}
          />
        ) : null}
        <AuthActions
          pending={pending}
          submitText={mode === 'forgot' ? t('me.login.resetSubmit') : t('auth.login')}
          loadingText={t('auth.loggingIn')}
          submitTestId="login-submit"
          prompt={t('auth.noAccount')}
          linkTo={href('register')}
          linkText={t('auth.toRegister')}
          linkTestId="to-register"
        />
        <p className={styles.switchLine}>
          {mode === 'forgot' ? (
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => switchMode('password')}
              data-testid="login-back"
            >
              {t('me.login.backToLogin')}
            </button>
          ) : (
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => switchMode('forgot')}
              data-testid="login-forgot"
            >
              {t('me.login.forgot')}
            </button>
          )}
        </p>
      </form>
    </Page>
  );
}
