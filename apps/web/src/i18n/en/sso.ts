import type { ssoZhHans } from '../sso';

export const ssoEn: typeof ssoZhHans = {
  signInWith: 'Sign in with {{name}}',
  or: 'or with your account and password',
  signingIn: 'Finishing single sign-on…',
  errors: {
    failed: 'Single sign-on failed. Try again, or ask your administrator',
    disabledUser: 'This account has been disabled and cannot sign in',
    notConfigured: 'Single sign-on is not fully set up; please ask your administrator',
    stateInvalid: 'This sign-in request has expired or was already used; start again',
    unreachable: 'The identity provider cannot be reached; try again later or ask your administrator',
    denied: 'Sign-in was cancelled or refused by the identity provider',
    tokenInvalid: 'The identity provider sent an invalid sign-in token; try again',
    noAccount: 'No account matches this identity; ask your administrator to create one',
  },
};
