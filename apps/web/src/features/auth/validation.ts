import { EMAIL_RE, MOBILE_RE, limits, type SysInfo } from '@parley/protocol';
import type { zhHans } from '../../i18n/zh-Hans';

/**
 * Form rules of spec §5 mirrored from the server (PROTOCOL §2.4). Each returns the key of the
 * message to show, or null when the value is fine; screens translate the key.
 */
export type ValidationKey = `validation.${keyof (typeof zhHans)['validation']}`;

const len = (s: string) => Array.from(s).length;

export function checkAccount(account: string, regauth: SysInfo['regauth'] = 0): ValidationKey | null {
  const a = account.trim();
  if (!a) return 'validation.accountRequired';
  if (len(a) < limits.account.min || len(a) > limits.account.max) return 'validation.accountLength';
  if (regauth === 1 && !MOBILE_RE.test(a)) return 'validation.mustMobile';
  if (regauth === 2 && !EMAIL_RE.test(a)) return 'validation.mustEmail';
  if (regauth === 3 && !MOBILE_RE.test(a) && !EMAIL_RE.test(a)) return 'validation.mustMobileOrEmail';
  return null;
}

/** Login only checks presence: old accounts may predate the current rules. */
export function checkLoginAccount(account: string): ValidationKey | null {
  return account.trim() ? null : 'validation.accountRequired';
}

export function checkPassword(password: string): ValidationKey | null {
  if (!password) return 'validation.passwordRequired';
  if (len(password) < limits.password.min || len(password) > limits.password.max) return 'validation.passwordLength';
  return null;
}

export const checkLoginPassword = checkPassword;

export function checkPasswordMatch(password: string, again: string): ValidationKey | null {
  return password === again ? null : 'validation.passwordMismatch';
}

export function checkRealname(name: string): ValidationKey | null {
  const n = name.trim();
  return len(n) < limits.realname.min || len(n) > limits.realname.max ? 'validation.realnameLength' : null;
}

/** E-mail is required when the site registers by e-mail (regauth 2 or 3), else optional. */
export function emailRequired(regauth: SysInfo['regauth']): boolean {
  return regauth === 2 || regauth === 3;
}

export function checkEmail(email: string, required: boolean): ValidationKey | null {
  const e = email.trim();
  if (!e) return required ? 'validation.emailRequired' : null;
  return EMAIL_RE.test(e) ? null : 'validation.emailInvalid';
}

export function checkCode(code: string, required: boolean): ValidationKey | null {
  return required && !code.trim() ? 'validation.codeRequired' : null;
}

function checkInvite(code: string, required: boolean): ValidationKey | null {
  return required && !code.trim() ? 'validation.inviteRequired' : null;
}

/** Where a registration code goes: the account when it is a mobile/e-mail, else the e-mail field. */
export function codeTarget(account: string, email: string): string | null {
  const a = account.trim();
  if (MOBILE_RE.test(a) || EMAIL_RE.test(a)) return a;
  const e = email.trim();
  return EMAIL_RE.test(e) ? e : null;
}

export interface RegisterForm {
  account: string;
  realname: string;
  password: string;
  password2: string;
  email: string;
  code: string;
  inviteCode: string;
}

export type RegisterErrors = Partial<Record<keyof RegisterForm, ValidationKey>>;

export function validateRegister(form: RegisterForm, sys: Pick<SysInfo, 'regauth' | 'regtype'>): RegisterErrors {
  const errors: RegisterErrors = {};
  const set = (k: keyof RegisterForm, v: ValidationKey | null) => {
    if (v) errors[k] = v;
  };
  set('account', checkAccount(form.account, sys.regauth));
  set('realname', checkRealname(form.realname));
  set('password', checkPassword(form.password));
  if (!errors.password) set('password2', checkPasswordMatch(form.password, form.password2));
  set('email', checkEmail(form.email, emailRequired(sys.regauth)));
  set('code', checkCode(form.code, sys.regauth > 0));
  set('inviteCode', checkInvite(form.inviteCode, sys.regtype === 2));
  return errors;
}
