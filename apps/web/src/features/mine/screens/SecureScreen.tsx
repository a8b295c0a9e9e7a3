import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeType, EMAIL_RE, MOBILE_RE } from '@parley/protocol';
import { Page } from '../../../nav/Page';
import { ListGroup, ListRow } from '../../../ui/ListRow';
import { TextField } from '../../../ui/TextField';
import { dialogs } from '../../../ui/dialogs';
import { endpoints } from '../../../lib/endpoints';
import { useSystemInfo } from '../../system/api';
import { useAuth } from '../../../state/auth';
import { CodeField } from '../../auth/components/CodeField';
import { checkAccount, checkCode, checkPassword, checkPasswordMatch, type ValidationKey } from '../../auth/validation';
import { AccountVerify } from '../components/AccountVerify';
import { EmailForm } from '../components/EmailForm';
import { VerifiedBadge } from '../components/VerifiedBadge';
import styles from './SecureScreen.module.css';

type Sheet = null | 'password' | 'account' | 'email';

/** Where codes of my own account go: the account if mobile/e-mail, else my e-mail (or nowhere). */
function ownTarget(account: string, email: string): string | null {
  if (MOBILE_RE.test(account) || EMAIL_RE.test(account)) return account;
  return EMAIL_RE.test(email) ? email : null;
}

/**
 * Account security (/pages/mine/secure): change the password with the current one or an
 * e-mailed code, change the account with codes to the old and new addresses (spec §5: verified
 * before it changes), bind or change the e-mail with codes (issue 42). Password and account
 * changes sign every other session of mine out; this one stays.
 */
export default function SecureScreen() {
  const { t } = useTranslation();
  const me = useAuth((s) => s.userInfo);
  const [open, setOpen] = useState<Sheet>(null);
  if (!me) return null;
  // Only a mobile or e-mail account can be verified; a plain name has nothing to verify.
  const deliverable = MOBILE_RE.test(me.account) || EMAIL_RE.test(me.account);
  return (
    <Page>
      <ListGroup>
        <ListRow
          label={t('me.secure.account')}
          extra={
            <span className={styles.value}>
              <span className={styles.text}>{me.account}</span>
              {deliverable ? <VerifiedBadge verified={me.is_auth === 1} testId="secure-account-badge" /> : null}
            </span>
          }
          onClick={() => setOpen(open === 'account' ? null : 'account')}
          testId="secure-account"
        />
        {open === 'account' && deliverable && me.is_auth !== 1 ? <AccountVerify /> : null}
        {open === 'account' ? <AccountForm onDone={() => setOpen(null)} /> : null}
        <ListRow
          label={t('me.secure.email')}
          extra={
            <span className={styles.value}>
              <span className={styles.text}>{me.email || t('me.secure.emailNotBound')}</span>
              {me.email ? <VerifiedBadge verified={me.email_auth === 1} testId="secure-email-badge" /> : null}
            </span>
          }
          onClick={() => setOpen(open === 'email' ? null : 'email')}
          testId="secure-email"
        />
        {open === 'email' ? <EmailForm onDone={() => setOpen(null)} /> : null}
        <ListRow
          label={t('me.secure.changePassword')}
          onClick={() => setOpen(open === 'password' ? null : 'password')}
          testId="secure-password"
        />
        {open === 'password' ? <PasswordForm onDone={() => setOpen(null)} /> : null}
      </ListGroup>
    </Page>
  );
}

function PasswordForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const me = useAuth((s) => s.userInfo);
  const target = me ? ownTarget(me.account, me.email) : null;
  const [byCode, setByCode] = useState(false);
  const [old, setOld] = useState('');
  const [code, setCode] = useState('');
  const [pw, setPw] = useState('');
  const [pw2, setPw2] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);

  const check = (): Record<string, ValidationKey | null> => ({
    old: byCode ? null : checkPassword(old),
    code: byCode ? checkCode(code, true) : null,
    pw: checkPassword(pw),
    pw2: checkPasswordMatch(pw, pw2),
  });
  const errors = submitted ? check() : {};
  const show = (k: string) => (errors[k] ? t(errors[k]) : null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.values(check()).some(Boolean)) return;
    setPending(true);
    try {
      await endpoints.editPassword(
        byCode ? { password: pw, code: code.trim() } : { password: pw, originalPassword: old },
      );
      dialogs.toast(t('me.secure.passwordChanged'), { icon: 'success' });
      onDone();
    } catch {
      // The server's message is shown by the API client.
    } finally {
      setPending(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate data-testid="password-form">
      <div className={styles.modes} role="radiogroup">
        <label>
          <input type="radio" checked={!byCode} onChange={() => setByCode(false)} data-testid="password-by-old" />{' '}
          {t('me.secure.byPassword')}
        </label>
        <label>
          <input type="radio" checked={byCode} onChange={() => setByCode(true)} data-testid="password-by-code" />{' '}
          {t('me.secure.byCode')}
        </label>
      </div>
      {byCode ? (
        <>
          <p className={styles.hint}>{target ? t('me.secure.codeTo', { target }) : t('me.secure.noTarget')}</p>
          <CodeField
            label={t('auth.code')}
            placeholder={t('auth.codePlaceholder')}
            value={code}
            onChange={setCode}
            error={show('code')}
            testId="password-code"
            send={target ? () => endpoints.sendOwnCode(CodeType.password) : undefined}
            sendTestId="password-send-code"
          />
        </>
      ) : (
        <TextField
          label={t('me.secure.oldPassword')}
          type="password"
          value={old}
          onChange={setOld}
          error={show('old')}
          testId="password-old"
          autoComplete="current-password"
          maxLength={64}
        />
      )}
      <TextField
        label={t('me.secure.newPassword')}
        type="password"
        value={pw}
        onChange={setPw}
        error={show('pw')}
        testId="password-new"
        autoComplete="new-password"
        maxLength={64}
      />
      <TextField
        label={t('me.secure.newPassword2')}
        type="password"
        value={pw2}
        onChange={setPw2}
        error={show('pw2')}
        testId="password-new2"
        autoComplete="new-password"
        maxLength={64}
      />
      <div className={styles.actions}>
        <button type="submit" className={styles.submit} disabled={pending} data-testid="password-submit">
          {t('me.secure.save')}
        </button>
      </div>
    </form>
  );
}

function AccountForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const me = useAuth((s) => s.userInfo);
  const regauth = useSystemInfo().info.sysInfo.regauth;
  const [account, setAccount] = useState('');
  const [code, setCode] = useState('');
  const [newCode, setNewCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  if (!me) return null;
  const needOld = me.is_auth === 1;
  const target = ownTarget(me.account, me.email);
  const a = account.trim();
  const needNew = regauth > 0 && (MOBILE_RE.test(a) || EMAIL_RE.test(a));

  const check = (): Record<string, ValidationKey | null> => ({
    account: checkAccount(a, regauth),
    code: needOld ? checkCode(code, true) : null,
    newCode: needNew ? checkCode(newCode, true) : null,
  });
  const errors = submitted ? check() : {};
  const show = (k: string) => (errors[k] ? t(errors[k]) : null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.values(check()).some(Boolean)) return;
    setPending(true);
    try {
      await endpoints.editAccount({
        account: a,
        ...(needOld ? { code: code.trim() } : {}),
        ...(needNew ? { newCode: newCode.trim() } : {}),
      });
      const self = await endpoints.updateUserInfo({});
      useAuth.getState().setUserInfo({ ...me, ...self });
      dialogs.toast(t('me.secure.accountChanged'), { icon: 'success' });
      onDone();
    } catch {
      // Shown by the API client.
    } finally {
      setPending(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate data-testid="account-form">
      <TextField
        label={t('me.secure.newAccount')}
        value={account}
        onChange={setAccount}
        error={show('account')}
        testId="account-new"
        autoCapitalize="none"
        maxLength={64}
      />
      {needOld ? (
        <>
          <p className={styles.hint}>{target ? t('me.secure.codeTo', { target }) : t('me.secure.noTarget')}</p>
          <CodeField
            label={t('me.secure.oldCode')}
            value={code}
            onChange={setCode}
            error={show('code')}
            testId="account-code"
            send={() => endpoints.sendOwnCode(CodeType.accountChange)}
            sendTestId="account-send-code"
          />
        </>
      ) : null}
      {needNew ? (
        <CodeField
          label={t('me.secure.newCode')}
          value={newCode}
          onChange={setNewCode}
          error={show('newCode')}
          testId="account-new-code"
          send={() => endpoints.sendCode(a, CodeType.accountChange)}
          sendTestId="account-send-new-code"
        />
      ) : null}
      <div className={styles.actions}>
        <button type="submit" className={styles.submit} disabled={pending} data-testid="account-submit">
          {t('me.secure.save')}
        </button>
      </div>
    </form>
  );
}
