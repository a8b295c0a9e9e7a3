import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../app/Page';
import { href } from '../../../app/routes';
import { TextField } from '../../../ui/TextField';
import { LanguageSwitch } from '../../../ui/LanguageSwitch';
import { useSiteName } from '../../system/api';
import { useLogin } from '../api';
import { checkLoginAccount, checkLoginPassword, type ValidationKey } from '../validation';
import { AuthHeader } from '../components/AuthHeader';
import { AuthActions } from '../components/AuthActions';
import styles from './auth.module.css';

type Errors = { account?: ValidationKey | null; password?: ValidationKey | null };

export default function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const siteName = useSiteName();
  const login = useLogin();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);

  const errors: Errors = submitted
    ? { account: checkLoginAccount(account), password: checkLoginPassword(password) }
    : {};

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (checkLoginAccount(account) || checkLoginPassword(password)) return;
    login.mutate(
      { account: account.trim(), password },
      // flushSync: the URL and the new screen change together (no frame with one but not the other).
      { onSuccess: () => void navigate(href('home'), { replace: true, flushSync: true }) },
    );
  };

  return (
    <Page back={false} right={<LanguageSwitch />} surface>
      <AuthHeader title={t('auth.welcome', { name: siteName })} />
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField
          label={t('auth.account')}
          placeholder={t('auth.accountPlaceholder')}
          value={account}
          onChange={setAccount}
          error={errors.account ? t(errors.account) : null}
          testId="login-account"
          name="account"
          autoComplete="username"
          autoCapitalize="none"
          maxLength={64}
        />
        <TextField
          label={t('auth.password')}
          placeholder={t('auth.passwordPlaceholder')}
          type="password"
          value={password}
          onChange={setPassword}
          error={errors.password ? t(errors.password) : null}
          testId="login-password"
          name="password"
          autoComplete="current-password"
          maxLength={64}
        />
        <AuthActions
          pending={login.isPending}
          submitText={t('auth.login')}
          loadingText={t('auth.loggingIn')}
          submitTestId="login-submit"
          prompt={t('auth.noAccount')}
          linkTo={href('register')}
          linkText={t('auth.toRegister')}
          linkTestId="to-register"
        />
      </form>
    </Page>
  );
}
