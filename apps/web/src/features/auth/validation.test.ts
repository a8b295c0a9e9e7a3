import { describe, expect, it } from 'vitest';
import {
  checkAccount,
  checkEmail,
  checkPassword,
  checkPasswordMatch,
  checkRealname,
  codeTarget,
  validateRegister,
  type RegisterForm,
} from './validation';

const good: RegisterForm = {
  account: 'alice01',
  realname: 'Alice',
  password: 'secret123',
  password2: 'secret123',
  email: '',
  code: '',
  inviteCode: '',
};

describe('account', () => {
  it('needs 4 to 32 characters', () => {
    expect(checkAccount('')).toBe('validation.accountRequired');
    expect(checkAccount('abc')).toBe('validation.accountLength');
    expect(checkAccount('abcd')).toBeNull();
    expect(checkAccount('a'.repeat(32))).toBeNull();
    expect(checkAccount('a'.repeat(33))).toBe('validation.accountLength');
  });

  it('follows the site account kind (regauth)', () => {
    expect(checkAccount('alice01', 1)).toBe('validation.mustMobile');
    expect(checkAccount('13800138000', 1)).toBeNull();
    expect(checkAccount('alice01', 2)).toBe('validation.mustEmail');
    expect(checkAccount('a@b.co', 2)).toBeNull();
    expect(checkAccount('alice01', 3)).toBe('validation.mustMobileOrEmail');
    expect(checkAccount('13800138000', 3)).toBeNull();
  });
});

describe('password', () => {
  it('needs 6 to 16 characters', () => {
    expect(checkPassword('')).toBe('validation.passwordRequired');
    expect(checkPassword('12345')).toBe('validation.passwordLength');
    expect(checkPassword('123456')).toBeNull();
    expect(checkPassword('1234567890123456')).toBeNull();
    expect(checkPassword('12345678901234567')).toBe('validation.passwordLength');
  });

  it('must be entered twice the same', () => {
    expect(checkPasswordMatch('123456', '1234567')).toBe('validation.passwordMismatch');
    expect(checkPasswordMatch('123456', '123456')).toBeNull();
  });
});

describe('name and e-mail', () => {
  it('name has 1 to 32 characters, counting CJK characters once', () => {
    expect(checkRealname(' ')).toBe('validation.realnameLength');
    expect(checkRealname('鲍勃')).toBeNull();
    expect(checkRealname('名'.repeat(33))).toBe('validation.realnameLength');
  });

  it('e-mail is optional unless required, and must be valid when given', () => {
    expect(checkEmail('', false)).toBeNull();
    expect(checkEmail('', true)).toBe('validation.emailRequired');
    expect(checkEmail('not-an-email', false)).toBe('validation.emailInvalid');
    expect(checkEmail('a@b.co', true)).toBeNull();
  });
});

describe('register form', () => {
  it('accepts a complete form on an open site', () => {
    expect(validateRegister(good, { regauth: 0, regtype: 1 })).toEqual({});
  });

  it('reports the short password and hides the mismatch until the password is valid', () => {
    expect(validateRegister({ ...good, password: '12345', password2: '1234' }, { regauth: 0, regtype: 1 })).toEqual({
      password: 'validation.passwordLength',
    });
    expect(validateRegister({ ...good, password2: 'other123' }, { regauth: 0, regtype: 1 })).toEqual({
      password2: 'validation.passwordMismatch',
    });
  });

  it('requires e-mail and code when registering by e-mail, and an invite when invitation only', () => {
    const errors = validateRegister({ ...good, account: 'a@b.co' }, { regauth: 2, regtype: 2 });
    expect(errors).toEqual({
      email: 'validation.emailRequired',
      code: 'validation.codeRequired',
      inviteCode: 'validation.inviteRequired',
    });
  });

  it('sends the code to the account when it is a mobile/e-mail, else to the e-mail field', () => {
    expect(codeTarget('13800138000', '')).toBe('13800138000');
    expect(codeTarget('alice01', 'a@b.co')).toBe('a@b.co');
    expect(codeTarget('alice01', '')).toBeNull();
  });
});
