import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { limits } from '@parley/protocol';
import { Page } from '../../../nav/Page';
import { href } from '../../../nav/routes';
import { TextField } from '../../../ui/TextField';
import { LanguageSwitch } from '../../../ui/LanguageSwitch';
import { useCountdown } from '../../../lib/use-countdown';
import { useSystemInfo } from '../../system/api';
import { useRegister, useSendRegisterCode } from '../api';
import { codeTarget, emailRequired, validateRegister, type RegisterErrors, type RegisterForm } from '../validation';
import { AuthHeader } from '../components/AuthHeader';
import { AuthActions } from '../components/AuthActions';
import styles from './auth.module.css';

export default function RegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { info } = useSystemInfo();
  const { regauth, regtype } = info.sysInfo;
  const register = useRegister();
  const sendCode = useSendRegisterCode();
  const countdown = useCountdown();
  const [form, setForm] = useState<RegisterForm>({
    account: '',
    realname: '',
    password: '',
    password2: '',
    email: '',
    code: '',
    inviteCode: params.get('inviteCode') ?? '',
  });
  const [submitted, setSubmitted] = useState(false);
  const [codeError, setCodeError] = useState(false);

  const errors: RegisterErrors = submitted ? validateRegister(form, { regauth, regtype }) : {};
  const field = (k: keyof RegisterForm) => ({
    value: form[k],
    onChange: (v: string) => setForm((f) => ({ ...f, [k]: v })),
    error: errors[k] ? t(errors[k]) : null,
    name: k,
  });
  const needCode = regauth > 0;
  const needInvite = regtype === 2;
  const emailIsRequired = emailRequired(regauth);

  const onSendCode = () => {
    const target = codeTarget(form.account, form.email);
    setCodeError(target === null);
    if (!target) return;
    sendCode.mutate(target, { onSuccess: () => countdown.start(limits.codeResendS) });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateRegister(form, { regauth, regtype })).length > 0) return;
    register.mutate(
      {
        account: form.account.trim(),
        realname: form.realname.trim(),
        password: form.password,
        email: form.email.trim() || undefined,
        code: needCode ? form.code.trim() : undefined,
        inviteCode: needInvite ? form.inviteCode.trim() : undefined,
      },
      // flushSync: the URL and the new screen change together (no frame with one but not the other).
      { onSuccess: () => void navigate(href('home'), { replace: true, flushSync: true }) },
    );
  };

  return (
    <Page right={<LanguageSwitch />} surface>
      <AuthHeader title={t('auth.register')} logo={info.sysInfo.logo || undefined} />
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField
          {...field('account')}
          label={t('auth.account')}
          placeholder={t('auth.accountPlaceholder')}
          testId="register-account"
          autoComplete="username"
          autoCapitalize="none"
          maxLength={limits.account.max}
          error={codeError ? t('validation.codeTarget') : field('account').error}
        />
        <TextField
          {...field('realname')}
          label={t('auth.realname')}
          placeholder={t('auth.realnamePlaceholder')}
          testId="register-realname"
          autoComplete="name"
          maxLength={limits.realname.max}
        />
        <TextField
          {...field('password')}
          type="password"
          label={t('auth.password')}
          placeholder={t('auth.passwordPlaceholder')}
          testId="register-password"
          autoComplete="new-password"
          maxLength={limits.password.max}
        />
        <TextField
          {...field('password2')}
          type="password"
          label={t('auth.password2')}
          placeholder={t('auth.password2Placeholder')}
          testId="register-password2"
          autoComplete="new-password"
          maxLength={limits.password.max}
        />
        <TextField
          {...field('email')}
          type="email"
          label={t('auth.email')}
          placeholder={emailIsRequired ? t('auth.emailPlaceholder') : t('auth.emailOptionalPlaceholder')}
          testId="register-email"
          autoComplete="email"
          required={emailIsRequired}
        />
        {needCode ? (
          <TextField
            {...field('code')}
            label={t('auth.code')}
            placeholder={t('auth.codePlaceholder')}
            testId="register-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            suffix={
              <button
                type="button"
                className={styles.codeButton}
                onClick={onSendCode}
                disabled={countdown.left > 0 || sendCode.isPending}
                data-testid="register-send-code"
              >
                {countdown.left > 0 ? t('auth.resendIn', { seconds: countdown.left }) : t('auth.sendCode')}
              </button>
            }
          />
        ) : null}
        {needInvite ? (
          <TextField
            {...field('inviteCode')}
            label={t('auth.inviteCode')}
            placeholder={t('auth.inviteCodePlaceholder')}
            testId="register-invite"
            autoCapitalize="none"
          />
        ) : null}
        <AuthActions
          pending={register.isPending}
          submitText={t('auth.register')}
          loadingText={t('auth.registering')}
          submitTestId="register-submit"
          prompt={t('auth.haveAccount')}
          linkTo={href('login')}
          linkText={t('auth.toLogin')}
          linkTestId="to-login"
          replace
        />
      </form>
    </Page>
  );
}
