import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeType } from '@parley/protocol';
import { dialogs } from '../../../ui/dialogs';
import { endpoints } from '../../../lib/endpoints';
import { useAuth } from '../../../state/auth';
import { CodeField } from '../../auth/components/CodeField';
import { checkCode } from '../../auth/validation';
import styles from '../screens/SecureScreen.module.css';

/**
 * "Not verified" with an action (issue 42): a mobile or e-mail account proves itself with a code
 * sent to it (editAccount to the same account with `newCode`). Shown above the change form.
 */
export function AccountVerify() {
  const { t } = useTranslation();
  const me = useAuth((s) => s.userInfo);
  const [code, setCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  if (!me) return null;
  const error = submitted ? checkCode(code, true) : null;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (checkCode(code, true)) return;
    setPending(true);
    try {
      await endpoints.editAccount({ account: me.account, newCode: code.trim() });
      const self = await endpoints.updateUserInfo({});
      useAuth.getState().setUserInfo({ ...me, ...self });
      dialogs.toast(t('me.secure.accountVerified'), { icon: 'success' });
    } catch {
      // Shown by the API client.
    } finally {
      setPending(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate data-testid="account-verify">
      <p className={styles.hint}>{t('me.secure.codeTo', { target: me.account })}</p>
      <CodeField
        label={t('auth.code')}
        placeholder={t('auth.codePlaceholder')}
        value={code}
        onChange={setCode}
        error={error ? t(error) : null}
        testId="account-verify-code"
        send={() => endpoints.sendCode(me.account, CodeType.accountChange)}
        sendTestId="account-verify-send"
      />
      <div className={styles.actions}>
        <button type="submit" className={styles.submit} disabled={pending} data-testid="account-verify-submit">
          {t('me.secure.verifyAccount')}
        </button>
      </div>
    </form>
  );
}
