import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeType } from '@parley/protocol';
import { TextField } from '../../../ui/TextField';
import { dialogs } from '../../../ui/dialogs';
import { endpoints } from '../../../lib/endpoints';
import { useAuth } from '../../../state/auth';
import { CodeField } from '../../auth/components/CodeField';
import { checkCode, checkEmail, type ValidationKey } from '../../auth/validation';
import styles from '../screens/SecureScreen.module.css';

/**
 * Bind or change my e-mail (bindEmail, issue 42): a code to the new address proves it; while an
 * address is verified, a code to it comes first, so a borrowed session cannot move it. Once
 * verified, the address signs in by code and resets the password in place of the account.
 */
export function EmailForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const me = useAuth((s) => s.userInfo);
  // An address set without a code is offered for verifying as it is.
  const [email, setEmail] = useState(me && me.email_auth !== 1 ? me.email : '');
  const [code, setCode] = useState('');
  const [newCode, setNewCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  if (!me) return null;
  const e = email.trim();
  const bound = me.email_auth === 1;
  const needOld = bound && e.toLowerCase() !== me.email.toLowerCase();

  const check = (): Record<string, ValidationKey | null> => ({
    email: checkEmail(e, true),
    code: needOld ? checkCode(code, true) : null,
    newCode: checkCode(newCode, true),
  });
  const errors = submitted ? check() : {};
  const show = (k: string) => (errors[k] ? t(errors[k]) : null);

  const onSubmit = async (ev: FormEvent) => {
    ev.preventDefault();
    setSubmitted(true);
    if (Object.values(check()).some(Boolean)) return;
    setPending(true);
    try {
      const self = await endpoints.bindEmail({
        email: e,
        newCode: newCode.trim(),
        ...(needOld ? { code: code.trim() } : {}),
      });
      useAuth.getState().setUserInfo({ ...me, ...self });
      dialogs.toast(t('me.secure.emailBound'), { icon: 'success' });
      onDone();
    } catch {
      // The server's message is shown by the API client.
    } finally {
      setPending(false);
    }
  };

  /** The new address's code: only once the address itself is right (said under the field). */
  const sendNew = async (): Promise<boolean> => {
    if (checkEmail(e, true)) {
      setSubmitted(true);
      return false;
    }
    await endpoints.sendCode(e, CodeType.accountChange);
    return true;
  };

  return (
    <form className={styles.form} onSubmit={(ev) => void onSubmit(ev)} noValidate data-testid="email-form">
      <p className={styles.hint}>{t('me.secure.emailHint')}</p>
      <TextField
        label={t('me.secure.emailAddress')}
        placeholder={t('me.secure.emailPlaceholder')}
        type="email"
        value={email}
        onChange={setEmail}
        error={show('email')}
        testId="email-new"
        autoCapitalize="none"
        autoComplete="email"
        maxLength={255}
      />
      {needOld ? (
        <>
          <p className={styles.hint}>{t('me.secure.emailCodeTo', { target: me.email })}</p>
          <CodeField
            label={t('me.secure.oldEmailCode')}
            placeholder={t('auth.codePlaceholder')}
            value={code}
            onChange={setCode}
            error={show('code')}
            testId="email-old-code"
            send={() => endpoints.sendCode(me.email, CodeType.accountChange)}
            sendTestId="email-send-old-code"
          />
        </>
      ) : null}
      <CodeField
        label={needOld ? t('me.secure.newEmailCode') : t('auth.code')}
        placeholder={t('auth.codePlaceholder')}
        value={newCode}
        onChange={setNewCode}
        error={show('newCode')}
        testId="email-code"
        send={sendNew}
        sendTestId="email-send-code"
      />
      <div className={styles.actions}>
        <button type="submit" className={styles.submit} disabled={pending} data-testid="email-submit">
          {bound ? t('me.secure.changeSubmit') : t('me.secure.bindSubmit')}
        </button>
      </div>
    </form>
  );
}
