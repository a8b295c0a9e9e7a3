import { EMAIL_RE, limits, MOBILE_RE, type SysInfo } from '@parley/protocol';
import { AppError } from '../../platform/http/errors';

/** Field rules of PROTOCOL §2.4 / §13.2, each failing with its own catalogue key. */

const len = (s: string) => [...s].length;

export const isMobile = (s: string): boolean => MOBILE_RE.test(s);
export const isEmail = (s: string): boolean => EMAIL_RE.test(s);

/** Length plus the `regauth` kind rule; `regauth` 0 allows any account. */
export function checkAccount(account: string, regauth: SysInfo['regauth']): void {
  if (len(account) < limits.account.min || len(account) > limits.account.max) {
    throw new AppError(400, 'account.length');
  }
  if (regauth === 1 && !isMobile(account)) throw new AppError(400, 'account.mustMobile');
  if (regauth === 2 && !isEmail(account)) throw new AppError(400, 'account.mustEmail');
  if (regauth === 3 && !isMobile(account) && !isEmail(account)) {
    throw new AppError(400, 'account.mustMobileOrEmail');
  }
}

export function checkPassword(password: string): void {
  if (len(password) < limits.password.min || len(password) > limits.password.max) {
    throw new AppError(400, 'account.passwordLength');
  }
}

export function checkRealname(realname: string): void {
  if (len(realname) < limits.realname.min || len(realname) > limits.realname.max) {
    throw new AppError(400, 'account.realnameLength');
  }
}

/** "" is allowed (clears the address). */
export function checkEmail(email: string): void {
  if (email !== '' && !isEmail(email)) throw new AppError(400, 'account.badEmail');
}

export function checkSex(sex: number): void {
  if (sex !== 0 && sex !== 1 && sex !== 2) throw new AppError(400, 'account.badSex');
}

export function checkMotto(motto: string): void {
  if (len(motto) > limits.motto.max) throw new AppError(400, 'account.mottoLength');
}
